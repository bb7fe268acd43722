package retried

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type TenantReconciler struct {
	client.Client
}

func (r *TenantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	t := &Tenant{}
	if err := r.Get(ctx, req.NamespacedName, t); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Before the deletion test: a retry of what may be transient.
	quota := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: t.Namespace, Name: t.Name + "-quota"}, quota); err != nil {
		return ctrl.Result{}, err
	}
	if !t.DeletionTimestamp.IsZero() {
		return r.finalize(ctx, t)
	}
	if controllerutil.AddFinalizer(t, finalizer) {
		return ctrl.Result{}, r.Update(ctx, t)
	}
	return ctrl.Result{}, nil
}

// finalize runs only while Tenant is being deleted.
func (r *TenantReconciler) finalize(ctx context.Context, t *Tenant) (ctrl.Result, error) {
	creds := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: t.Namespace, Name: t.Name + "-creds"}, creds); err != nil {
		return ctrl.Result{}, err // want `when the Secret named by t.Name \+ "-creds" is already deleted, its lookup fails with not-found on every retry, and this return, which runs only while Tenant is being deleted, hands that error back: it never reaches the removal of finalizer "example.com/cleanup": if the deletion needs what the Secret holds \(credentials to clean up outside the cluster\), keep the Secret until then with a finalizer that this deletion removes last \(a namespace deletion deletes both in any order\); otherwise treat not-found as gone while deleting \(client.IgnoreNotFound\) and return other errors`
	}
	_ = creds.Data
	controllerutil.RemoveFinalizer(t, finalizer)
	return ctrl.Result{}, r.Update(ctx, t)
}

type TolerantTenantReconciler struct {
	client.Client
}

func (r *TolerantTenantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	t := &Tenant{}
	if err := r.Get(ctx, req.NamespacedName, t); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if t.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	creds := &corev1.Secret{}
	if err := client.IgnoreNotFound(r.Get(ctx, client.ObjectKey{Namespace: t.Namespace, Name: t.Name + "-creds"}, creds)); err != nil {
		return ctrl.Result{}, err
	}
	quota := &corev1.ConfigMap{}
	err := r.Get(ctx, client.ObjectKey{Namespace: t.Namespace, Name: t.Name + "-quota"}, quota)
	if apierrors.IsNotFound(err) {
		controllerutil.RemoveFinalizer(t, finalizer)
		return ctrl.Result{}, r.Update(ctx, t)
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	lease := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: t.Namespace, Name: t.Name + "-lease"}, lease); err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(t, finalizer)
	return ctrl.Result{}, r.Update(ctx, t)
}
