// Package infrav1 is the API of a Cluster API infrastructure provider as CAPD, CAPA and CAPZ write theirs: an infrastructure cluster and machine, owned by Cluster API's Cluster and Machine.
package infrav1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

type FooCluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec FooClusterSpec
}

type FooClusterSpec struct {
	// IdentityRef names the Secret with the cloud credentials.
	IdentityRef *corev1.ObjectReference
	// ClusterName is a display name in the cloud, not a reference.
	ClusterName string
}

func (in *FooCluster) DeepCopyObject() runtime.Object   { return in }
func (in *FooCluster) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type FooMachine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *FooMachine) DeepCopyObject() runtime.Object   { return in }
func (in *FooMachine) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
