// Reproduces CAPA's AWSClusterReconciler after its fix: a nil owner ends the
// reconcile only while the object is not being deleted.
package ownerfirst

import (
	"context"

	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

type GuardedReconciler struct {
	client.Client
}

func (r *GuardedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil && obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}
