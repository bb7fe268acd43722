// Package handler reproduces an operator's own generic reconciler: it tests
// deletion itself and calls the methods of a handler interface that each
// kind implements, keeping the finalizer when one of them fails.
package handler

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const finalizer = "example.com/cleanup"

// Handler is implemented once per kind.
type Handler interface {
	Prepare(ctx context.Context, obj client.Object) error
	Delete(ctx context.Context, obj client.Object) error
	Sync(ctx context.Context, obj client.Object) error
	Name() string
}

type Reconciler struct {
	client.Client
	h      Handler
	newObj func() client.Object
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	obj := r.newObj()
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.h.Prepare(ctx, obj); err != nil {
		return reconcile.Result{}, err
	}
	if !obj.GetDeletionTimestamp().IsZero() {
		if err := r.h.Delete(ctx, obj); err != nil {
			return reconcile.Result{}, err
		}
		controllerutil.RemoveFinalizer(obj, finalizer)
		return reconcile.Result{}, r.Update(ctx, obj)
	}
	controllerutil.AddFinalizer(obj, finalizer)
	if err := r.Update(ctx, obj); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.h.Sync(ctx, obj)
}

type secretHandler struct{ c client.Client }

func (h *secretHandler) Prepare(ctx context.Context, obj client.Object) error { // want `entry Handler.Prepare always`
	return nil
}

func (h *secretHandler) Delete(ctx context.Context, obj client.Object) error { // want `entry Handler.Delete deleting` `deletion-only`
	return h.cleanup(ctx, obj)
}

func (h *secretHandler) cleanup(ctx context.Context, obj client.Object) error { // want `deletion-only`
	return nil
}

func (h *secretHandler) Sync(ctx context.Context, obj client.Object) error { return nil }

func (h *secretHandler) Name() string { return "secret" }
