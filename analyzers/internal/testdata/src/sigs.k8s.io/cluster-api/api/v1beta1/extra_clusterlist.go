package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// ClusterList contains a list of Cluster.
type ClusterList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Cluster
}

func (in *ClusterList) DeepCopyObject() runtime.Object   { return in }
func (in *ClusterList) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
