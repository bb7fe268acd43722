// Reproduces a Cluster API infrastructure provider with two kinds of // want package:`waits\(.*HostCluster waits for finalizerblock/order/partial.HostMachine, .*HostCluster waits for some sigs.k8s.io/cluster-api/api/v1beta1.Machine, .*Machine waits for finalizerblock/order/partial.MetalMachine\)` package:`order\(HostMachine needs HostCluster, MetalMachine needs HostCluster; releases HostCluster, HostMachine, MetalMachine\)`
// infrastructure machine: a HostCluster whose deletion waits for the
// Machines of its HostMachines only (a helper lists the Machines and keeps
// those whose infrastructure is a HostMachine), and MetalMachines, whose
// deletion also reads the HostCluster. Waiting for some Machines is no wait
// for every infrastructure machine: the MetalMachines are not waited for.
package partial

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const (
	clusterFinalizer = "example.com/hostcluster"
	machineFinalizer = "example.com/hostmachine"
	metalFinalizer   = "example.com/metalmachine"
)

type HostCluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ ControlPlaneEndpoint string }
}

func (in *HostCluster) DeepCopyObject() runtime.Object   { return in }
func (in *HostCluster) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type MachineSpec struct {
	ProviderID  *string
	ClusterName string
}

type HostMachine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MachineSpec
}

func (in *HostMachine) DeepCopyObject() runtime.Object   { return in }
func (in *HostMachine) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type HostMachineList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []HostMachine
}

func (in *HostMachineList) DeepCopyObject() runtime.Object   { return in }
func (in *HostMachineList) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type MetalMachine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MachineSpec
}

func (in *MetalMachine) DeepCopyObject() runtime.Object   { return in }
func (in *MetalMachine) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
