// Package use decodes the manifests of another package: the kinds of its
// variables are those of the manifests that reach them.
package use

import (
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"manifests/store"
)

func objects(name string) []*unstructured.Unstructured {
	svc, _ := store.Load("files/service.yaml") // want `svc: k8s.io/api/core/v1.Service`
	both, _ := store.Load(name)                // a file not known of two: no kind
	d, _ := store.Deployment()                 // want `d: k8s.io/api/apps/v1.Deployment`
	copied := d                                // want `copied: k8s.io/api/apps/v1.Deployment`
	plain, _ := store.Decode([]byte("{}"))     // data of no manifest: no kind
	return []*unstructured.Unstructured{svc, both, copied, plain}
}
