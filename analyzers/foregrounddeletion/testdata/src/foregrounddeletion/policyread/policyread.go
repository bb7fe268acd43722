// Reproduces Crossplane's claim reconciler, which deletes the composite
// with the propagation policy the claim asks for.
package policyread

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/policy"
)

type ClaimReconciler struct {
	client.Client
}

func (r *ClaimReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &policy.Claim{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.GetDeletionTimestamp() == nil {
		return ctrl.Result{}, nil
	}
	cp := &policy.Composite{}
	if err := r.Get(ctx, client.ObjectKey{Name: cm.Name}, cp); err == nil {
		opts := []client.DeleteOption{}
		if p := cm.Spec.CompositeDeletePolicy; p != nil && *p == policy.CompositeDeleteForeground {
			opts = append(opts, client.PropagationPolicy(metav1.DeletePropagationForeground))
		}
		if err := r.Delete(ctx, cp, opts...); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: time.Second}, nil
	} else if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cm, "finalizer.apiextensions.crossplane.io")
	return ctrl.Result{}, r.Update(ctx, cm)
}

// CompositeReconciler deletes managed resources; the composite's
// DeletionPolicy (Delete or Orphan) is not a propagation policy.
type CompositeReconciler struct {
	client.Client
}

func (r *CompositeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	xr := &policy.Composite{}
	if err := r.Get(ctx, req.NamespacedName, xr); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if xr.GetDeletionTimestamp() == nil {
		return ctrl.Result{}, nil
	}
	mg := &policy.Managed{}
	if err := r.Get(ctx, client.ObjectKey{Name: xr.Name}, mg); err == nil {
		return ctrl.Result{RequeueAfter: time.Second}, r.Delete(ctx, mg, client.PropagationPolicy(metav1.DeletePropagationBackground))
	} else if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(xr, "composite.apiextensions.crossplane.io")
	return ctrl.Result{}, r.Update(ctx, xr)
}
