// Reproduces Cluster API's ClusterReconciler.reconcileDelete: the Cluster // want package:`waits\(finalizerblock/api.DockerCluster waits for sigs.k8s.io/cluster-api/api/v1beta1.Cluster, sigs.k8s.io/cluster-api/api/v1beta1.Cluster waits for finalizerblock/api.DockerCluster\)` package:`order\(Cluster needs DockerCluster; releases Cluster, DockerCluster\)`
// keeps its finalizer until its infrastructure cluster is gone.
package deadlock

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

type ClusterReconciler struct {
	client.Client
}

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &clusterv1.Cluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cluster.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, cluster)
	}
	return ctrl.Result{}, nil
}

func (r *ClusterReconciler) reconcileDelete(ctx context.Context, cluster *clusterv1.Cluster) (ctrl.Result, error) {
	infra := &api.DockerCluster{}
	err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.InfrastructureRef.Name}, infra)
	switch {
	case apierrors.IsNotFound(err):
		// The infrastructure cluster is gone.
	case err != nil:
		return ctrl.Result{}, err
	default:
		if err := r.Delete(ctx, infra); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil // want `Cluster keeps its finalizer here until the DockerCluster is gone, while the deletion code of DockerCluster keeps its finalizer until the Cluster is gone: neither is ever removed`
	}
	controllerutil.RemoveFinalizer(cluster, clusterv1.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, cluster)
}
