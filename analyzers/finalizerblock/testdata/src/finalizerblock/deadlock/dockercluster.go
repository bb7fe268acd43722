// Reproduces an infrastructure cluster controller that, while being
// deleted, waits for its owner Cluster to go away first: with the Cluster
// waiting for it, neither finalizer is ever removed.
package deadlock

import (
	"context"
	"time"

	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

type DockerClusterReconciler struct {
	client.Client
}

func (r *DockerClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster != nil {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `DockerCluster keeps its finalizer here until the Cluster is gone, while the deletion code of Cluster keeps its finalizer until the DockerCluster is gone`
	}
	controllerutil.RemoveFinalizer(obj, api.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}
