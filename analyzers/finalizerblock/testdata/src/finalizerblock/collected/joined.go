package collected

import (
	"context"
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

// JoinedReconciler tests the collected errors joined into one, not their
// count.
type JoinedReconciler struct {
	Reconciler
}

func (r *JoinedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(w, cleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	var errs []error
	if s, err := r.credentials(ctx, w); err != nil {
		errs = append(errs, err)
	} else {
		errs = append(errs, revoke(s.Data))
	}
	if err := errors.Join(errs...); err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.credentials reads is already deleted, this return keeps Widget`
	}
	controllerutil.RemoveFinalizer(w, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

func revoke(data map[string][]byte) error { return nil }

// AggregateReconciler keeps the joined error in a variable first.
type AggregateReconciler struct {
	Reconciler
}

func (r *AggregateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(w, cleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	var errs []error
	if _, err := r.credentials(ctx, w); err != nil {
		errs = append(errs, err)
	}
	agg := errors.Join(errs...)
	if agg == nil {
		controllerutil.RemoveFinalizer(w, cleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, agg // want `when a referenced Secret that r.credentials reads is already deleted, this return keeps Widget`
}

// JoinedTolerantReconciler joins only the errors that are not a not-found.
type JoinedTolerantReconciler struct {
	Reconciler
}

func (r *JoinedTolerantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(w, cleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	var errs []error
	s, err := r.credentials(ctx, w)
	switch {
	case apierrors.IsNotFound(err):
	case err != nil:
		errs = append(errs, err)
	default:
		errs = append(errs, revoke(s.Data))
	}
	if err := errors.Join(errs...); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(w, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}
