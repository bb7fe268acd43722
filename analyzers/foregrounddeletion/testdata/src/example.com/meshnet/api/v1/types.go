// Package v1 stands for the API of another project (a network plugin)
// whose kinds an operator creates and deletes: whether that project's
// controller gives them finalizers is not in the operator's code.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API group of the package's kinds.
var GroupVersion = schema.GroupVersion{Group: "meshnet.example.com", Version: "v1"}

// Tunnel is a plain configuration object of the network plugin.
type Tunnel struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Tunnel) DeepCopyObject() runtime.Object   { return in }
func (in *Tunnel) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// Peering is another of its kinds.
type Peering struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Peering) DeepCopyObject() runtime.Object   { return in }
func (in *Peering) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
