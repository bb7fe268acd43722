// Deletions that sort a helper's error with a switch. A case that takes a // want package:`order\(Widget needs Secret; releases Widget\)`
// not-found first leaves the err != nil case to the other errors, whose
// retry is no wait for a missing Secret; a switch that returns on any
// error first keeps the finalizer once the Secret is gone.
package switchcase

import (
	"context"

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

func (r *Reconciler) token(ctx context.Context, w *widgetsv1.Widget) ([]byte, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.GadgetName}, s); err != nil {
		return nil, err
	}
	return s.Data["token"], nil
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
	tok, err := r.token(ctx, w)
	switch {
	case apierrors.IsNotFound(err):
		// No credentials left: nothing to clean up with.
	case err != nil:
		return ctrl.Result{}, err
	default:
		revoke(tok)
	}
	controllerutil.RemoveFinalizer(w, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

func revoke(token []byte) {}

// AnyErrorFirst tests for any error before it tests for not-found.
type AnyErrorFirst struct {
	Reconciler
}

func (r *AnyErrorFirst) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(w, cleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	tok, err := r.token(ctx, w)
	switch {
	case err != nil:
		return ctrl.Result{}, err // want `when a referenced Secret that r.token reads is already deleted, this return keeps Widget`
	case apierrors.IsNotFound(err):
	default:
		revoke(tok)
	}
	controllerutil.RemoveFinalizer(w, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}
