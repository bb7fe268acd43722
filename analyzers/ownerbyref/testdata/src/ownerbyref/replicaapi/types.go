// +groupName=replication.example.com

// Package replicaapi is an API of a namespaced Replica, the namespaced
// ReplicaShards it owns, and the cluster-scoped ReplicaContent that holds
// its storage and names it in its spec, as a PersistentVolume names its
// claim.
package replicaapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

type Replica struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Replica) DeepCopyObject() runtime.Object   { return in }
func (in *Replica) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type ReplicaShardSpec struct {
	ReplicaName string
}

type ReplicaShard struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ReplicaShardSpec
}

func (in *ReplicaShard) DeepCopyObject() runtime.Object   { return in }
func (in *ReplicaShard) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type ReplicaRef struct {
	Namespace, Name string
}

type ReplicaContentSpec struct {
	ReplicaRef ReplicaRef
}

// ReplicaContent is the storage of one Replica, shared by no namespace.
// +kubebuilder:resource:scope=Cluster
type ReplicaContent struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ReplicaContentSpec
}

func (in *ReplicaContent) DeepCopyObject() runtime.Object   { return in }
func (in *ReplicaContent) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
