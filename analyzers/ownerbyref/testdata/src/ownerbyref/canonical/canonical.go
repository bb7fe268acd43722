// The canonical Cluster API lookups: util.GetOwnerCluster for an infrastructure cluster, util.GetOwnerMachine then util.GetClusterFromMetadata for an infrastructure machine (CAPD's DockerMachine), util.GetClusterByName with a core Machine's spec.clusterName.
package canonical

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"

	"ownerbyref/infrav1"
)

type FooClusterReconciler struct{ Client client.Client }

func (r *FooClusterReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	fooCluster := &infrav1.FooCluster{}
	if err := r.Client.Get(ctx, req.NamespacedName, fooCluster); err != nil {
		return reconcile.Result{}, err
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, fooCluster.ObjectMeta)
	if err != nil || cluster == nil {
		return reconcile.Result{}, err
	}
	// Once the owner is known, reading it again by name is fine.
	return reconcile.Result{}, r.Client.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: fooCluster.Labels[clusterv1.ClusterNameLabel]}, cluster)
}

type FooMachineReconciler struct{ Client client.Client }

func (r *FooMachineReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	fooMachine := &infrav1.FooMachine{}
	if err := r.Client.Get(ctx, req.NamespacedName, fooMachine); err != nil {
		return reconcile.Result{}, err
	}
	machine, err := util.GetOwnerMachine(ctx, r.Client, fooMachine.ObjectMeta)
	if err != nil || machine == nil {
		return reconcile.Result{}, err
	}
	if _, err := util.GetClusterFromMetadata(ctx, r.Client, machine.ObjectMeta); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

type MachineReconciler struct{ Client client.Client }

func (r *MachineReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &clusterv1.Machine{}
	if err := r.Client.Get(ctx, req.NamespacedName, m); err != nil {
		return reconcile.Result{}, err
	}
	_, err := util.GetClusterByName(ctx, r.Client, m.Namespace, m.Spec.ClusterName)
	if err != nil {
		return reconcile.Result{}, err
	}
	_, err = util.GetClusterFromMetadata(ctx, r.Client, m.ObjectMeta)
	return reconcile.Result{}, err
}
