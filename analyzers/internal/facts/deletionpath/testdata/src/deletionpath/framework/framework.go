// Package framework reproduces a reconciler library that tests deletion and // want package:`entries\(deletionpath/framework.Hooks.Finalize:deleting, deletionpath/framework.Hooks.Load:always\)`
// calls hooks its users implement: Load on every pass, Finalize only while
// deleting, both before it removes the finalizer; Created only afterwards
// and Logged with nothing to fail.
package framework

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Hooks are what a user of the library implements.
type Hooks interface {
	Load(ctx context.Context, obj client.Object) error
	Finalize(ctx context.Context, obj client.Object) error
	Created(ctx context.Context, obj client.Object) error
	Logged(obj client.Object)
}

// Reconciler is the library's reconciler.
type Reconciler struct {
	Client    client.Client
	Hooks     Hooks
	Finalizer string
	New       func() client.Object
}

// Reconcile reconciles one object.
func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	obj := r.New()
	if err := r.Client.Get(ctx, req.NamespacedName, obj); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	r.Hooks.Logged(obj)
	if err := r.Hooks.Load(ctx, obj); err != nil {
		return reconcile.Result{}, err
	}
	if obj.GetDeletionTimestamp() != nil {
		if err := r.Hooks.Finalize(ctx, obj); err != nil {
			return reconcile.Result{RequeueAfter: 10}, nil
		}
		controllerutil.RemoveFinalizer(obj, r.Finalizer)
		if err := r.Client.Update(ctx, obj); err != nil {
			return reconcile.Result{}, err
		}
		if err := r.Hooks.Created(ctx, obj); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, nil
	}
	return reconcile.Result{}, nil
}
