package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const MachineDeploymentFinalizer = "cluster.x-k8s.io/machinedeployment"

// MachineDeployment and MachineSet are, with Machine and MachinePool, the
// descendants a Cluster deletes and waits for.
type MachineDeployment struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MachineDeploymentSpec
}

type MachineDeploymentSpec struct {
	ClusterName string
}

func (in *MachineDeployment) DeepCopyObject() runtime.Object   { return in }
func (in *MachineDeployment) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type MachineSet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MachineSetSpec
}

type MachineSetSpec struct {
	ClusterName string
}

func (in *MachineSet) DeepCopyObject() runtime.Object   { return in }
func (in *MachineSet) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
