// Reproduces reconcilers that tolerate a missing owner Cluster (the owner is set to nil and the reconcile goes on) and later, in the deletion branch, return a transient error of another call before the finalizer removal: that return is a retry, not the lookup's fault. // want package:`order\(releases DockerCluster\)`
package tolerated

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
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
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	cluster := &clusterv1.Cluster{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: dockerCluster.Namespace, Name: dockerCluster.Spec.ClusterName}, cluster); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		cluster = nil
	}

	if !dockerCluster.DeletionTimestamp.IsZero() {
		if err := r.releaseAddresses(ctx, dockerCluster); err != nil {
			return ctrl.Result{}, err
		}
		if cluster != nil {
			if err := r.detach(ctx, cluster); err != nil {
				return ctrl.Result{}, err
			}
		}
		controllerutil.RemoveFinalizer(dockerCluster, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, dockerCluster)
	}
	controllerutil.AddFinalizer(dockerCluster, api.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, dockerCluster)
}

func (r *DockerClusterReconciler) releaseAddresses(ctx context.Context, dockerCluster *api.DockerCluster) error {
	return r.Status().Update(ctx, dockerCluster)
}

func (r *DockerClusterReconciler) detach(ctx context.Context, cluster *clusterv1.Cluster) error {
	return r.Update(ctx, cluster)
}
