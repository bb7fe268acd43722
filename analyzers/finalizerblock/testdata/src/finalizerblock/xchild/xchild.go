// Reproduces an infrastructure provider's cluster controller in its own
// package that, while deleting, waits for its owner Cluster to be gone.
package xchild

import (
	"context"
	"time"

	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

// Name is the controller's name.
const Name = "dockercluster"

type DockerClusterReconciler struct {
	client.Client
}

func (r *DockerClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !obj.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, obj)
	}
	return ctrl.Result{}, nil
}

func (r *DockerClusterReconciler) reconcileDelete(ctx context.Context, obj *api.DockerCluster) (ctrl.Result, error) {
	cluster, err := util.GetOwnerCluster(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster != nil {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(obj, api.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}
