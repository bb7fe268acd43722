// Package v1 is a typed clientset of the storage API, as client-gen
// writes one; VolumesGetter is of the API before client-go took a
// context (v0.17 and older), VolumesContextGetter of the one after.
package v1

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"foregrounddeletion/storage"
)

type VolumesGetter interface {
	Volumes(namespace string) VolumeInterface
}

type VolumeInterface interface {
	Create(*storage.Volume) (*storage.Volume, error)
	Delete(name string, options *metav1.DeleteOptions) error
	Get(name string, options metav1.GetOptions) (*storage.Volume, error)
}

type VolumesContextGetter interface {
	Volumes(namespace string) VolumeContextInterface
}

type VolumeContextInterface interface {
	Create(ctx context.Context, v *storage.Volume, opts metav1.CreateOptions) (*storage.Volume, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*storage.Volume, error)
}
