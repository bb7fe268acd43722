// Package capiwaits reproduces a Cluster API infrastructure provider: // want package:`waits InfraCluster->Machine Cluster->ControlPlane Cluster->InfraCluster Machine->InfraMachine`
// its machine and cluster kinds find their owning Machine and Cluster
// through the owner helpers and carry the contract's fields (a provider
// ID, a control plane endpoint, a control plane's initialization), so the
// Cluster API controllers wait for them; the cluster's deletion lists the Cluster's Machines through
// collections and requeues while any is left. A side object that finds its
// owning Machine the same way but is not an infrastructure machine is not
// waited for.
package capiwaits

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"
	"sigs.k8s.io/cluster-api/util/collections"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type InfraMachine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ ProviderID *string }
}

type InfraCluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ ControlPlaneEndpoint string }
}

func (in *InfraCluster) DeepCopyObject() runtime.Object { return in }

// ControlPlane has the v1beta2 contract's field of a control plane
// (status.initialization.controlPlaneInitialized).
type ControlPlane struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status struct {
		Initialization struct{ ControlPlaneInitialized *bool }
	}
}

type Sidecar struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ Image string }
}

type R struct {
	client.Client
}

func (r *R) machine(ctx context.Context, m *InfraMachine) error {
	_, err := util.GetOwnerMachine(ctx, r.Client, m.ObjectMeta)
	return err
}

func (r *R) controlPlane(ctx context.Context, cp *ControlPlane) error {
	_, err := util.GetOwnerCluster(ctx, r.Client, cp.ObjectMeta)
	return err
}

func (r *R) sidecar(ctx context.Context, s *Sidecar) error {
	_, err := util.GetOwnerMachine(ctx, r.Client, s.ObjectMeta)
	return err
}

func (r *R) cluster(ctx context.Context, ic *InfraCluster) (ctrl.Result, error) { // want cluster:"lists Machine"
	cluster, err := util.GetOwnerCluster(ctx, r.Client, ic.ObjectMeta)
	if err != nil || cluster == nil {
		return ctrl.Result{}, err
	}
	if ic.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	machines, err := collections.GetFilteredMachinesForCluster(ctx, r.Client, cluster)
	if err != nil {
		return ctrl.Result{}, err
	}
	if len(machines) > 0 {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(ic, "example.com/infra")
	return ctrl.Result{}, r.Update(ctx, ic)
}

var _ = clusterv1.ClusterFinalizer
