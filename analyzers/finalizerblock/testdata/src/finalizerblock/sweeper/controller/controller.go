// Reproduces reconcilers that call a garbage collector behind an interface whose implementations, in another package, release finalizers: a collector of Networks does not release the DockerCluster's finalizer, so a lookup after the reconciler's own removal strands nothing; a collector of the DockerCluster itself does, so a lookup before it that fails for good does. // want package:`order\(releases DockerCluster, Network\)`
package controller

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
	"finalizerblock/sweeper/gc"
)

// Sweeper collects what a pass left behind.
type Sweeper interface {
	Sweep(ctx context.Context) error
}

// Releaser releases the object it was built for.
type Releaser interface {
	Release(ctx context.Context) error
}

// Reconciler releases its own finalizer first, in its deletion branch
// (a pass while deleting without it goes on), and sweeps the networks
// after the passes that go on.
type Reconciler struct {
	client.Client
	sweeper Sweeper
}

// New builds the reconciler with its network sweeper.
func New(c client.Client) *Reconciler {
	return &Reconciler{Client: c, sweeper: gc.NewNetworkSweeper(c)}
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cluster.DeletionTimestamp.IsZero() && controllerutil.ContainsFinalizer(cluster, api.ClusterFinalizer) {
		controllerutil.RemoveFinalizer(cluster, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, cluster)
	}
	network := &api.Network{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.NetworkName}, network); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.sweeper.Sweep(ctx)
}

// ReleasingReconciler leaves the release of its finalizer to a releaser
// built for the cluster, after a lookup of its network.
type ReleasingReconciler struct {
	client.Client
}

func (r *ReleasingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var releaser Releaser = gc.NewClusterReleaser(r.Client, cluster)
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	network := &api.Network{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.NetworkName}, network); err != nil {
		return ctrl.Result{}, err // want `when the Network named by cluster.Spec.NetworkName is already deleted, this return keeps DockerCluster from ever reaching the removal of its finalizer`
	}
	return ctrl.Result{}, releaser.Release(ctx)
}
