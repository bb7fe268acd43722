// Package assets reproduces an operator's package of embedded manifests: a directory of workload manifests read by name and decoded into unstructured objects, and a custom resource's manifest exported as bytes for the controllers to decode.
package assets

import (
	"embed"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"
)

//go:embed workload
var workload embed.FS

// PodMonitor is the manifest of the monitoring custom resource.
//
//go:embed podmonitor.yaml
var PodMonitor []byte

// Load decodes the workload manifest of the given name.
func Load(name string) (*unstructured.Unstructured, error) {
	data, err := workload.ReadFile(name)
	if err != nil {
		return nil, err
	}
	u := &unstructured.Unstructured{}
	if err := yaml.Unmarshal(data, &u.Object); err != nil {
		return nil, err
	}
	return u, nil
}
