// Package network stands for a shared API that an address-management
// operator implements: an Address records one allocated IP and has no
// controller of its own; the operator that hands it out protects it with a
// finalizer while its claim exists.
package network

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API group of the package's kinds.
var GroupVersion = schema.GroupVersion{Group: "network.example.com", Version: "v1"}

type Address struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Address) DeepCopyObject() runtime.Object   { return in }
func (in *Address) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
func (in *Address) DeepCopy() *Address               { return in }
