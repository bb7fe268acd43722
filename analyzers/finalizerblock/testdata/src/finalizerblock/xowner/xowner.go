// Reproduces Cluster API's Cluster controller, in another package than the // want package:`waits\(finalizerblock/api.DockerCluster waits for sigs.k8s.io/cluster-api/api/v1beta1.Cluster, sigs.k8s.io/cluster-api/api/v1beta1.Cluster waits for finalizerblock/api.DockerCluster\)` package:`order\(releases Cluster, DockerCluster\)`
// infrastructure controller it waits for (here importing it, as a manager's
// setup package does).
package xowner

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
	"finalizerblock/xchild"
)

var _ = xchild.Name

type ClusterReconciler struct {
	client.Client
}

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &clusterv1.Cluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	infra := &api.DockerCluster{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Name}, infra); err == nil {
		return ctrl.Result{RequeueAfter: time.Second}, r.Delete(ctx, infra) // want `Cluster keeps its finalizer here until the DockerCluster is gone, while the deletion code of DockerCluster \(in package finalizerblock/xchild\) keeps its finalizer until the Cluster is gone`
	} else if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cluster, clusterv1.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, cluster)
}
