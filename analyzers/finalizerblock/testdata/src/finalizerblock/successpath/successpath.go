// Lookups whose error variable a later call reassigns only on the success // want package:`order\(DockerCluster needs Network; releases DockerCluster\)`
// path (if err == nil { ..., err = connect(...) }): when the lookup fails,
// the test after both still holds the lookup's error, and its return
// strands the finalizer. Beside it, a reassignment on the failure path
// that forgives a not-found, which lets go.
package successpath

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

type session struct{}

func connect(ctx context.Context, n *api.Network) (*session, error) { return &session{}, nil }

func network(ctx context.Context, c client.Client, cluster *api.DockerCluster) (*api.Network, error) {
	n := &api.Network{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.NetworkName}, n); err != nil {
		return nil, err
	}
	return n, nil
}

// Reconciler connects to the network it reads, and returns either error.
type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var sess *session
	n, err := network(ctx, r.Client, cluster)
	if err == nil && n != nil {
		sess, err = connect(ctx, n)
	}
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Network that network reads is already deleted, this return keeps DockerCluster from ever reaching the removal`
	}
	_ = sess
	if !cluster.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cluster, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, cluster)
	}
	controllerutil.AddFinalizer(cluster, api.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, cluster)
}

// ForgivingReconciler forgives the network's not-found before the test.
type ForgivingReconciler struct {
	client.Client
}

func (r *ForgivingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	n, err := network(ctx, r.Client, cluster)
	if err != nil && apierrors.IsNotFound(err) {
		n, err = nil, nil
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = n
	if !cluster.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cluster, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, cluster)
	}
	controllerutil.AddFinalizer(cluster, api.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, cluster)
}
