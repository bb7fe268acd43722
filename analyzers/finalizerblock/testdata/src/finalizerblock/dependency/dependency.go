// Reproduces reconcilers whose dependency resolution, before the deletion // want package:`order\(ConfigMap needs Cluster, ConfigMap needs Secret; releases ConfigMap\)`
// branch, gives up on a dependency-not-found error: the runtime's typed
// error and ownership.GetOwner's ErrOwnerGone.
package dependency

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/deletion"
	"github.com/deletionlint/deletionlint/runtime/finalizer"
	"github.com/deletionlint/deletionlint/runtime/ownership"
)

const finalizerName = "example.com/cleanup"

type OwnerReconciler struct {
	client.Client
}

func (r *OwnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	owner := &clusterv1.Cluster{}
	if err := ownership.GetOwner(ctx, r.Client, cm, owner); err != nil {
		return ctrl.Result{}, err // want `when the owning Cluster \(ownership.GetOwner\) is already deleted, this return keeps ConfigMap from ever reaching the removal of finalizer "example.com/cleanup" while it is being deleted: treat a dependency-not-found error as gone`
	}
	if cm.GetDeletionTimestamp() != nil {
		return ctrl.Result{}, finalizer.Remove(ctx, r.Client, cm, finalizerName)
	}
	return ctrl.Result{}, nil
}

type OwnerGoneReconciler struct {
	client.Client
}

func (r *OwnerGoneReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	owner := &clusterv1.Cluster{}
	err := ownership.GetOwner(ctx, r.Client, cm, owner)
	if errors.Is(err, ownership.ErrOwnerGone) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when the owning Cluster \(ownership.GetOwner\) is already deleted, this return keeps ConfigMap`
	}
	if cm.GetDeletionTimestamp() != nil {
		return ctrl.Result{}, finalizer.Remove(ctx, r.Client, cm, finalizerName)
	}
	return ctrl.Result{}, err
}

type RunnerReconciler struct {
	client.Client
}

func (r *RunnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name}, secret)
	if deletion.IsDependencyNotFound(err) {
		return ctrl.Result{}, err // want `when the Secret named by cm.Name is already deleted, this return keeps ConfigMap from ever reaching the removal of finalizer "example.com/cleanup"`
	}
	runner := finalizer.Runner{Client: r.Client, Name: finalizerName}
	return runner.Reconcile(ctx, cm)
}

// GoodOwnerReconciler treats a gone owner as gone while deleting.
type GoodOwnerReconciler struct {
	client.Client
}

func (r *GoodOwnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	owner := &clusterv1.Cluster{}
	err := ownership.GetOwner(ctx, r.Client, cm, owner)
	if err != nil && !errors.Is(err, ownership.ErrOwnerGone) {
		return ctrl.Result{}, err
	}
	if cm.GetDeletionTimestamp() != nil {
		return ctrl.Result{}, finalizer.Remove(ctx, r.Client, cm, finalizerName)
	}
	return ctrl.Result{}, nil
}
