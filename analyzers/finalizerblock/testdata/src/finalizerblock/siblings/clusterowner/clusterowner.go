// Package clusterowner is a Cluster API Cluster controller that, while // want package:`waits\(sigs.k8s.io/cluster-api/api/v1beta1.Cluster waits for finalizerblock/api.DockerCluster\)` package:`order\(releases Cluster\)`
// deleting, keeps its finalizer as long as its DockerCluster exists. It does
// not import the DockerCluster controller (xchild), which waits for the
// Cluster to be gone.
package clusterowner

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

type ClusterReconciler struct{ client.Client }

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &clusterv1.Cluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	infra := &api.DockerCluster{}
	err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Name}, infra)
	switch {
	case err == nil:
		return ctrl.Result{RequeueAfter: time.Second}, r.Delete(ctx, infra)
	case !apierrors.IsNotFound(err):
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cluster, clusterv1.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, cluster)
}
