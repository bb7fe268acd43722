// Reproduces reconcilers that protect the Secret their cluster's spec // want package:`order\(DockerCluster needs Secret; releases DockerCluster\)`
// names with a finalizer of their own, and release it when the cluster is
// deleted, before removing the cluster's finalizer. One reads the Secret
// first and waits while it is not found: once the Secret is gone, neither
// finalizer is ever released, and the cluster is stuck. The Secret stays a
// dependency although the deletion also strips its finalizer. Another
// treats a missing Secret as released.
package protecteddep

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

const (
	clusterFinalizer = "example.com/cluster"
	inUseFinalizer   = "example.com/in-use"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.NetworkName}, secret); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when the Secret named by cluster.Spec.NetworkName is already deleted, this return keeps DockerCluster from ever reaching the removal of finalizer "example.com/cluster" while it is being deleted`
		}
		return ctrl.Result{}, err
	}
	if cluster.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(secret, inUseFinalizer)
		return ctrl.Result{}, r.Update(ctx, secret)
	}
	controllerutil.RemoveFinalizer(secret, inUseFinalizer)
	if err := r.Update(ctx, secret); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cluster, clusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, cluster)
}

type TolerantReconciler struct {
	client.Client
}

func (r *TolerantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.NetworkName}, secret)
	if err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	found := err == nil
	if cluster.DeletionTimestamp.IsZero() {
		if !found {
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		controllerutil.AddFinalizer(secret, inUseFinalizer)
		return ctrl.Result{}, r.Update(ctx, secret)
	}
	if found {
		controllerutil.RemoveFinalizer(secret, inUseFinalizer)
		if err := r.Update(ctx, secret); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(cluster, clusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, cluster)
}
