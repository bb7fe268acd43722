// +groupName=storage.example.com

// Package v1beta1 is the v1beta1 version of a storage API: a Pool and the Volume it
// is backed by, each naming the other in its spec. Both versions are one
// group, so their kinds are the same kinds.
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const Finalizer = "storage.example.com/cleanup"

type Pool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec PoolSpec
}

type PoolSpec struct {
	VolumeName string
}

func (in *Pool) DeepCopyObject() runtime.Object { return in }

type Volume struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec VolumeSpec
}

type VolumeSpec struct {
	PoolName string
}

func (in *Volume) DeepCopyObject() runtime.Object { return in }
