// Reproduces CAPZ's AzureClusterReconciler layout: the deletion branch comes // want package:`order\(DockerMachine needs MachinePool; releases DockerCluster, DockerMachine\)`
// before the owner lookup, so a missing owner cannot block the deletion.
package ownerfirst

import (
	"context"

	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

type DeleteFirstReconciler struct {
	client.Client
}

func (r *DeleteFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		controllerutil.RemoveFinalizer(obj, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// NilOwnerAsGone treats a nil owner as gone: control goes on into the
// deletion branch.
type NilOwnerAsGone struct {
	client.Client
}

func (r *NilOwnerAsGone) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if obj.GetDeletionTimestamp() != nil {
		if cluster != nil {
			_ = cluster.Name
		}
		controllerutil.RemoveFinalizer(obj, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	if cluster == nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}
