// Package v1beta1 is a stub of sigs.k8s.io/cluster-api/api/v1beta1.
package v1beta1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const (
	ClusterNameLabel = "cluster.x-k8s.io/cluster-name"
	ClusterFinalizer = "cluster.cluster.x-k8s.io"
	MachineFinalizer = "machine.cluster.x-k8s.io"
)

var GroupVersion = schema.GroupVersion{Group: "cluster.x-k8s.io", Version: "v1beta1"}

type Cluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   ClusterSpec
	Status ClusterStatus
}

type ClusterSpec struct {
	Paused            bool
	InfrastructureRef *corev1.ObjectReference
	ControlPlaneRef   *corev1.ObjectReference
}

type ClusterStatus struct {
	InfrastructureReady bool
	ObservedGeneration  int64
}

func (in *Cluster) DeepCopyObject() runtime.Object   { return in }
func (in *Cluster) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Machine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MachineSpec
}

type MachineSpec struct {
	ClusterName       string
	Bootstrap         Bootstrap
	InfrastructureRef corev1.ObjectReference
}

type Bootstrap struct {
	ConfigRef      *corev1.ObjectReference
	DataSecretName *string
}

func (in *Machine) DeepCopyObject() runtime.Object   { return in }
func (in *Machine) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type MachineList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Machine
}

func (in *MachineList) DeepCopyObject() runtime.Object   { return in }
func (in *MachineList) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type MachinePool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *MachinePool) DeepCopyObject() runtime.Object   { return in }
func (in *MachinePool) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
