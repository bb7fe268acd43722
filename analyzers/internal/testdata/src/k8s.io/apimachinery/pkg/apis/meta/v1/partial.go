package v1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// PartialObjectMetadata is a stub of metav1.PartialObjectMetadata: an
// object's metadata only, its kind set by the caller.
type PartialObjectMetadata struct {
	TypeMeta
	ObjectMeta
}

func (in *PartialObjectMetadata) DeepCopyObject() runtime.Object   { return in }
func (in *PartialObjectMetadata) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// PartialObjectMetadataList is a stub of metav1.PartialObjectMetadataList.
type PartialObjectMetadataList struct {
	TypeMeta
	ListMeta
	Items []PartialObjectMetadata
}

func (in *PartialObjectMetadataList) DeepCopyObject() runtime.Object   { return in }
func (in *PartialObjectMetadataList) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
