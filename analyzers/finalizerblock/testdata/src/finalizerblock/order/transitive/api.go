// Reproduces a Cluster API infrastructure provider: a HostCluster and the // want package:`waits\(finalizerblock/order/transitive.HostCluster waits for sigs.k8s.io/cluster-api/api/v1beta1.Machine, sigs.k8s.io/cluster-api/api/v1beta1.Cluster waits for finalizerblock/order/transitive.HostCluster, sigs.k8s.io/cluster-api/api/v1beta1.Machine waits for finalizerblock/order/transitive.HostMachine, sigs.k8s.io/cluster-api/api/v1beta1.Machine waits for finalizerblock/order/transitive.PoolMachine\)` package:`order\(HostMachine needs HostCluster, PoolMachine needs Machine; releases HostCluster, HostMachine, PoolMachine\)`
// HostMachines that run in its network. A HostMachine finds its owning
// Machine through util.GetOwnerMachine and has a provider ID, so the Machine
// deletes it and keeps its finalizer until it is gone (the Cluster API
// contract); its deletion reads the HostCluster to release the machine's
// address in the cluster's network.
package transitive

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

const (
	clusterFinalizer = "example.com/hostcluster"
	machineFinalizer = "example.com/hostmachine"
)

type HostCluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec HostClusterSpec
}

type HostClusterSpec struct {
	ControlPlaneEndpoint string
}

func (in *HostCluster) DeepCopyObject() runtime.Object   { return in }
func (in *HostCluster) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type HostMachine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec HostMachineSpec
}

type HostMachineSpec struct {
	ProviderID  *string
	ClusterName string
}

func (in *HostMachine) DeepCopyObject() runtime.Object   { return in }
func (in *HostMachine) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
