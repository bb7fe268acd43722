// Reproduces CAPD's DockerClusterReconciler.Reconcile: the owner Cluster is
// looked up at the top of Reconcile, before the deletion branch, and a nil
// owner ends the reconcile; the finalizer is added only once the owner is
// found (reconcileNormal), so an object without an owner has none to
// strand: not reported.
package ownerfirst

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
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
	dockerCluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, dockerCluster); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}

	cluster, err := util.GetOwnerCluster(ctx, r.Client, dockerCluster.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil {
		return ctrl.Result{}, nil
	}

	if !dockerCluster.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, dockerCluster)
	}
	return r.reconcileNormal(ctx, dockerCluster)
}

func (r *DockerClusterReconciler) reconcileDelete(ctx context.Context, dockerCluster *api.DockerCluster) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(dockerCluster, api.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, dockerCluster)
}

func (r *DockerClusterReconciler) reconcileNormal(ctx context.Context, dockerCluster *api.DockerCluster) (ctrl.Result, error) {
	controllerutil.AddFinalizer(dockerCluster, api.ClusterFinalizer)
	return ctrl.Result{RequeueAfter: time.Minute}, r.Update(ctx, dockerCluster)
}
