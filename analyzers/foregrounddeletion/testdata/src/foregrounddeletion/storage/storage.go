// Package storage stands for the API of a storage operator: a Volume is a
// cloud disk, held by its controller's finalizer until the disk is gone,
// so deleting one can take long or stay blocked.
package storage

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// GroupVersion is the API group of the package's kinds.
var GroupVersion = schema.GroupVersion{Group: "storage.example.com", Version: "v1"}

type Volume struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Volume) DeepCopyObject() runtime.Object   { return in }
func (in *Volume) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// Protect is what the Volume's controller does first: it holds the Volume
// with its finalizer until the disk is gone.
func Protect(v *Volume) bool { return controllerutil.AddFinalizer(v, "storage.example.com/disk") }

type VolumeList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Volume
}

func (in *VolumeList) DeepCopyObject() runtime.Object   { return in }
func (in *VolumeList) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
