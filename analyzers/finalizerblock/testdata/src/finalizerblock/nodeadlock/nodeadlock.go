// Reproduces CAPD's DockerMachine deletion, which reads its owner but // want package:`waits\(sigs.k8s.io/cluster-api/api/v1beta1.Cluster waits for finalizerblock/api.DockerCluster\)` package:`order\(releases Cluster, DockerCluster\)`
// proceeds once the owner is being deleted: the owner's wait for it ends.
package nodeadlock

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"
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
	if cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	infra := &api.DockerCluster{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Name}, infra); !apierrors.IsNotFound(err) {
		return ctrl.Result{RequeueAfter: time.Second}, client.IgnoreNotFound(err)
	}
	controllerutil.RemoveFinalizer(cluster, clusterv1.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, cluster)
}

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
	if cluster != nil && cluster.DeletionTimestamp.IsZero() {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(obj, api.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, obj)
}
