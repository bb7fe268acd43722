// Reproduces reconcilers that hand their finalizer to a helper that tests
// deletion itself (package finalizers): everything before the helper's call
// runs on a pass over an object being deleted too. One reads the network
// its spec names first and waits while it is not found: once the network
// is gone, the helper is never reached and the finalizer stays. Another treats
// not-found as "nothing to clean up"; a third calls the helper first.
package selftesting

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/api"
	"finalizerblock/selftesting/finalizers"
)

const clusterFinalizer = "example.com/cluster"

type ClusterReconciler struct {
	client.Client
}

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	network := &api.Network{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.NetworkName}, network); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when the Network named by cluster.Spec.NetworkName is already deleted, this return keeps DockerCluster from ever reaching the removal of finalizer "example.com/cluster" while it is being deleted`
		}
		return ctrl.Result{}, err
	}
	if deleting, err := finalizers.Handle(ctx, r.Client, cluster, clusterFinalizer, func(ctx context.Context) error {
		return r.Delete(ctx, network)
	}); deleting || err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type TolerantClusterReconciler struct {
	client.Client
}

func (r *TolerantClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	network := &api.Network{}
	err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.NetworkName}, network)
	if err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	gone := apierrors.IsNotFound(err)
	if deleting, err := finalizers.Handle(ctx, r.Client, cluster, clusterFinalizer, func(ctx context.Context) error {
		if gone {
			return nil
		}
		return r.Delete(ctx, network)
	}); deleting || err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type FirstClusterReconciler struct {
	client.Client
}

func (r *FirstClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if deleting, err := finalizers.Handle(ctx, r.Client, cluster, clusterFinalizer, func(ctx context.Context) error {
		return nil
	}); deleting || err != nil {
		return ctrl.Result{}, err
	}
	network := &api.Network{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.NetworkName}, network); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
