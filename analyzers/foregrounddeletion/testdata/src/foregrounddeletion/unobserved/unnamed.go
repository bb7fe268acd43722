// Reproduces a finalizer released by clearing the object's finalizers, with
// no name to quote, after deleting a dependent in the same pass; and
// finalizers whose names are held in a variable or a parameter.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type SecretReconciler struct {
	client.Client
}

func (r *SecretReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	vol := &storage.Volume{}
	vol.Namespace, vol.Name = s.Namespace, s.Name
	if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil { // want `^Secret removes its finalizer after deleting the Volume without observing`
		return ctrl.Result{}, err
	}
	s.SetFinalizers(nil)
	return ctrl.Result{}, r.Update(ctx, s)
}

// sweepFinalizerName is a variable: the name is not a constant to quote.
var sweepFinalizerName = "example.com/sweep"

type SweepReconciler struct {
	client.Client
}

func (r *SweepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.sweep(ctx, s, sweepFinalizerName)
}

// sweep is given the finalizer it releases; it says "finalizer" and no
// more.
func (r *SweepReconciler) sweep(ctx context.Context, s *corev1.Secret, finalizer string) error {
	vol := &storage.Volume{}
	vol.Namespace, vol.Name = s.Namespace, s.Name
	if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil { // want `^Secret removes its finalizer after deleting the Volume without observing`
		return err
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return r.Update(ctx, s)
}

type DrainReconciler struct {
	client.Client
}

func (r *DrainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	vol := &storage.Volume{}
	vol.Namespace, vol.Name = s.Namespace, s.Name
	if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil { // want `^Secret removes its finalizer \(sweepFinalizerName\) after deleting the Volume without observing`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(s, sweepFinalizerName)
	return ctrl.Result{}, r.Update(ctx, s)
}
