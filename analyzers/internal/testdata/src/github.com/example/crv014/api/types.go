// Package api reproduces the API package of an operator on controller-runtime v0.14: the custom resource its controllers reconcile.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +groupName=cache.example.com

type Cluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   ClusterSpec
	Status ClusterStatus
}

type ClusterSpec struct{ Replicas int32 }

type ClusterStatus struct{ ObservedGeneration int64 }

func (in *Cluster) DeepCopyObject() runtime.Object { return in }
