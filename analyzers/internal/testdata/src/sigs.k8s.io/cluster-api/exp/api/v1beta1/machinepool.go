// Package v1beta1 is a stub of sigs.k8s.io/cluster-api/exp/api/v1beta1,
// where MachinePool lived before Cluster API v1.12.
package v1beta1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
)

type MachinePool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MachinePoolSpec
}

type MachinePoolSpec struct {
	ClusterName    string
	Bootstrap      clusterv1.Bootstrap
	ProviderIDList []string
	InfraRef       corev1.ObjectReference
}

func (in *MachinePool) DeepCopyObject() runtime.Object   { return in }
func (in *MachinePool) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
