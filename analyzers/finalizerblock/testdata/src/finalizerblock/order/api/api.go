// Package api reproduces an infrastructure operator's API: a Subnet lives
// in the Network its spec names, and each has a finalizer that deletes the
// cloud resource behind it.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const (
	NetworkFinalizer = "example.com/network"
	SubnetFinalizer  = "example.com/subnet"
)

type Network struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status NetworkStatus
}

type NetworkStatus struct {
	CloudID string
}

func (in *Network) DeepCopyObject() runtime.Object { return in }

type Subnet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec SubnetSpec
}

type SubnetSpec struct {
	NetworkName string
}

func (in *Subnet) DeepCopyObject() runtime.Object { return in }

type SubnetList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Subnet
}

func (in *SubnetList) DeepCopyObject() runtime.Object { return in }
