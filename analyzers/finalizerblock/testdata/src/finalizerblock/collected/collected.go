// Deletions that collect the errors of their cleanups and return them // want package:`order\(Widget needs Secret; releases Widget\)`
// together before the finalizer removal. A cleanup that reads the Secret
// its Widget names appends the read's error when it fails: once the Secret
// is gone the collection is never empty and the finalizer stays. Errors
// collected only when they are not a not-found, or returned after the
// removal, keep nothing.
package collected

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

const cleanupFinalizer = "example.com/cleanup"

type Reconciler struct {
	client.Client
}

func (r *Reconciler) credentials(ctx context.Context, w *widgetsv1.Widget) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.GadgetName}, s); err != nil {
		return nil, fmt.Errorf("reading credentials: %w", err)
	}
	return s, nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
		errs = append(errs, fmt.Errorf("cleanup: %w", err))
	}
	if len(errs) > 0 {
		return ctrl.Result{}, errors.Join(errs...) // want `when a referenced Secret that r.credentials reads is already deleted, this return keeps Widget from ever reaching the removal of finalizer "example.com/cleanup" while it is being deleted`
	}
	controllerutil.RemoveFinalizer(w, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

// TolerantReconciler collects only the errors that are not a not-found.
type TolerantReconciler struct {
	Reconciler
}

func (r *TolerantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
		if !apierrors.IsNotFound(err) {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return ctrl.Result{}, errors.Join(errs...)
	}
	controllerutil.RemoveFinalizer(w, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

// LateReconciler removes the finalizer first and reports the collected
// errors after.
type LateReconciler struct {
	Reconciler
}

func (r *LateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
	controllerutil.RemoveFinalizer(w, cleanupFinalizer)
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	if len(errs) > 0 {
		return ctrl.Result{}, errors.Join(errs...)
	}
	return ctrl.Result{}, nil
}
