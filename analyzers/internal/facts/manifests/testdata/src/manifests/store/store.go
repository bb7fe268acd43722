// Package store embeds manifests and hands them out: a file's bytes, // want package:"manifests"
// the objects decoded from a file named by its caller, and a decoder of
// whatever data it is given.
package store

import (
	"embed"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"
)

// Deploy is the web Deployment's manifest.
//
//go:embed deploy.yaml
var Deploy []byte // want Deploy:`embeds\(deploy.yaml:apps/v1 Deployment\)`

//go:embed files
var files embed.FS // want files:`embeds\(files/account.yaml:v1 ServiceAccount files/service.yaml:v1 Service\)`

// Decode decodes data, whatever it holds.
func Decode(data []byte) (*unstructured.Unstructured, error) { // want Decode:"returns manifests of param 0"
	u := &unstructured.Unstructured{}
	if err := yaml.Unmarshal(data, &u.Object); err != nil {
		return nil, err
	}
	return u, nil
}

// Load decodes the file of files its caller names.
func Load(name string) (*unstructured.Unstructured, error) { // want Load:"returns the file param 0 names of 2 files"
	data, err := files.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return Decode(data)
}

// Deployment decodes the Deployment.
func Deployment() (*unstructured.Unstructured, error) { // want Deployment:"returns manifest apps/v1 Deployment"
	return Decode(Deploy)
}

// Name returns a name: a closure that returns a manifest does not make it
// return one.
func Name() string {
	read := func() []byte { return Deploy }
	_ = read
	return "web"
}
