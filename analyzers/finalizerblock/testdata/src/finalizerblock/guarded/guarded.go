// Reproduces kubebuilder-style reconcilers whose dependency lookups run only // want package:`order\(releases ConfigMap\)`
// while the object is not being deleted, or ignore not-found.
package guarded

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizerName = "example.com/cleanup"

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if cm.DeletionTimestamp.IsZero() {
		secret := &corev1.Secret{}
		if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name}, secret); err != nil {
			if apierrors.IsNotFound(err) {
				return ctrl.Result{}, nil
			}
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.sync(ctx, cm, secret)
	}
	// Deleting: a missing secret is ignored, other errors are retried.
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name}, secret); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cm, finalizerName)
	return ctrl.Result{}, r.Update(ctx, cm)
}

func (r *Reconciler) sync(ctx context.Context, cm *corev1.ConfigMap, secret *corev1.Secret) error {
	return nil
}

// UnrelatedReconciler returns on a not-found dependency but never removes
// a finalizer: out of scope.
type UnrelatedReconciler struct {
	client.Client
}

func (r *UnrelatedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name}, secret); apierrors.IsNotFound(err) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}
