package retried

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ArchiveReconciler struct {
	client.Client
}

func (r *ArchiveReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	a := &Archive{}
	if err := r.Get(ctx, req.NamespacedName, a); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if a.DeletionTimestamp.IsZero() {
		// Not deleting: a failed lookup is retried, and may be transient.
		if _, err := r.bucketFor(ctx, a); err != nil {
			return ctrl.Result{}, err
		}
		if controllerutil.AddFinalizer(a, finalizer) {
			return ctrl.Result{}, r.Update(ctx, a)
		}
		return ctrl.Result{}, nil
	}
	latest, err := r.latest(ctx, a.Namespace, a.Name)
	if err != nil {
		return ctrl.Result{}, err // a re-read of the Archive itself
	}
	bucket, err := r.bucketFor(ctx, latest)
	if err != nil {
		return ctrl.Result{}, err // want `when the ConfigMap that r.bucketFor reads is already deleted, its lookup fails with not-found on every retry, and this return, which runs only while Archive is being deleted, hands that error back`
	}
	_ = bucket.Data
	if _, err := r.credentials(ctx, a); err != nil {
		return ctrl.Result{}, err // want `when the Secret that r.credentials reads is already deleted, its lookup fails with not-found on every retry`
	}
	if _, err := r.token(ctx, a); err != nil {
		return ctrl.Result{}, err // want `when the Secret that r.token reads is already deleted, its lookup fails with not-found on every retry`
	}
	if _, err := r.region(ctx, a); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := r.session(ctx, a); err != nil {
		return ctrl.Result{}, err // want `when the Secret that r.session reads is already deleted, its lookup fails with not-found on every retry`
	}
	if err := r.settingsOnly(ctx, a); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(a, finalizer)
	return ctrl.Result{}, r.Update(ctx, a)
}
