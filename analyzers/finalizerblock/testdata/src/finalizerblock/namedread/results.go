package namedread

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/dynamic"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// retry and finished are result helpers: the first hands its error back
// with a requeue, the second ends the pass.
func retry(err error) (ctrl.Result, error) { return ctrl.Result{Requeue: true}, err }

func finished() (ctrl.Result, error) { return ctrl.Result{}, nil }

// HelperReconciler returns through result helpers: a missing target is
// handed back by retry, which keeps the finalizer for good.
type HelperReconciler struct {
	client.Client
	Dyn dynamic.Interface
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &Binding{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := resolve(ctx, r.Dyn, b.Namespace, b.Spec.Targets); err != nil {
		if apierrors.IsNotFound(err) {
			r.markMissing(ctx, b)
		}
		return retry(err) // want `when a referenced object that resolve reads is already deleted`
	}
	if !b.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(b, finalizer)
		if err := r.Update(ctx, b); err != nil {
			return retry(err)
		}
		return finished()
	}
	controllerutil.AddFinalizer(b, finalizer)
	return finished()
}

func (r *HelperReconciler) markMissing(ctx context.Context, b *Binding) {
	_ = r.Status().Update(ctx, b)
}

// ToleratingReconciler ends the pass on a missing target through finished,
// and lets a Binding being deleted go on: nothing is kept.
type ToleratingReconciler struct {
	client.Client
	Dyn dynamic.Interface
}

func (r *ToleratingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &Binding{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if b.DeletionTimestamp.IsZero() {
		if _, err := resolve(ctx, r.Dyn, b.Namespace, b.Spec.Targets); err != nil {
			if apierrors.IsNotFound(err) {
				return finished()
			}
			return retry(err)
		}
		controllerutil.AddFinalizer(b, finalizer)
		return finished()
	}
	controllerutil.RemoveFinalizer(b, finalizer)
	return ctrl.Result{}, r.Update(ctx, b)
}
