// Package v1 is a stub of k8s.io/api/coordination/v1.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Lease is a stub of coordinationv1.Lease.
type Lease struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec LeaseSpec
}

// LeaseSpec is a stub of coordinationv1.LeaseSpec.
type LeaseSpec struct {
	HolderIdentity *string
}

func (in *Lease) DeepCopyObject() runtime.Object { return in }
