// Package controller holds reconcilers that get their credentials through // want package:`order\(Widget needs Secret; releases Widget\)`
// an interface held in a field, implemented in another package.
package controller

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/credsource/source"
	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

const finalizer = "example.com/cloud"

// Reconciler reads the token on every pass, before its deletion branch.
type Reconciler struct {
	client.Client
	Creds source.Credentials
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	token, err := r.Creds.Token(ctx, w)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.Creds.Token reads is already deleted, this return keeps Widget from ever reaching the removal of finalizer "example.com/cloud"`
	}
	if !w.DeletionTimestamp.IsZero() {
		if err := cloudDelete(token); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	controllerutil.AddFinalizer(w, finalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

func cloudDelete(token string) error { return nil }

// HelperReconciler reads it through a method of its own while deleting.
type HelperReconciler struct {
	client.Client
	Creds source.Credentials
}

func (r *HelperReconciler) token(ctx context.Context, w *widgetsv1.Widget) (string, error) {
	return r.Creds.Token(ctx, w)
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	token, err := r.token(ctx, w)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.token reads is already deleted, this return keeps Widget`
	}
	if err := cloudDelete(token); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(w, finalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

// TolerantReconciler lets the Widget go when its Secret is gone.
type TolerantReconciler struct {
	client.Client
	Creds source.Credentials
}

func (r *TolerantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	token, err := r.Creds.Token(ctx, w)
	if err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	if err == nil {
		// Without a token there is nothing to clean up with: let go.
		if err := cloudDelete(token); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(w, finalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}
