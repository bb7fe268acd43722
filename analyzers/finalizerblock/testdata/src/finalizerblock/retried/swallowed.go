package retried

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// SweepReconciler's deletion removes a leftover Secret through a helper
// that treats a failed Get as nothing to remove and hands back only the
// Delete's error: a gone Secret ends nothing.
type SweepReconciler struct {
	client.Client
}

func (r *SweepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	t := &Tenant{}
	if err := r.Get(ctx, req.NamespacedName, t); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if t.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.sweep(ctx, t); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(t, finalizer)
	return ctrl.Result{}, r.Update(ctx, t)
}

func (r *SweepReconciler) sweep(ctx context.Context, t *Tenant) error {
	leftover := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: t.Namespace, Name: t.Name + "-leftover"}, leftover); err != nil {
		return nil // nothing to sweep
	}
	return r.Delete(ctx, leftover)
}
