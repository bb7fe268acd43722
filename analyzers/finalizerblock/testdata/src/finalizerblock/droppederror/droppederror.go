// Reproduces Cluster API providers that look their Cluster up from the // want package:`order\(DockerCluster needs Cluster; releases DockerCluster\)`
// object's metadata before the deletion branch and, on any error, return
// without an error and without requeueing: once the Cluster is gone the
// object is reconciled again only on another event, fails again, and keeps
// its finalizer. Returning the
// error, or requeueing, is a retry of what may be transient, and is left
// to the other checks.
package droppederror

import (
	"context"
	"time"

	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

type DropReconciler struct {
	client.Client
}

func (r *DropReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetClusterFromMetadata(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, nil // want `when the Cluster that util.GetClusterFromMetadata reads is already deleted, its lookup fails with not-found and this return drops the error without requeueing`
	}
	if obj.GetDeletionTimestamp() != nil {
		controllerutil.RemoveFinalizer(obj, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	_ = cluster
	return ctrl.Result{}, nil
}

type RetryReconciler struct {
	client.Client
}

func (r *RetryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetClusterFromMetadata(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	other, err := util.GetClusterByName(ctx, r.Client, obj.Namespace, "other")
	if err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	if obj.GetDeletionTimestamp() != nil {
		controllerutil.RemoveFinalizer(obj, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	_, _ = cluster, other
	return ctrl.Result{}, nil
}
