package namedread

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type BindingReconciler struct {
	client.Client
	Dyn dynamic.Interface
}

// Reconcile resolves the targets the spec names before it looks at
// deletion: once one of them is deleted, the Binding can never be.
func (r *BindingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &Binding{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	targets, err := resolve(ctx, r.Dyn, b.Namespace, b.Spec.Targets)
	if err != nil {
		if apierrors.IsNotFound(err) {
			r.markMissing(ctx, b)
		}
		return ctrl.Result{}, err // want `when a referenced object that resolve reads is already deleted, this return keeps Binding from ever reaching the removal of finalizer "example.com/unbind" while it is being deleted`
	}
	if !b.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(b, finalizer)
		return ctrl.Result{}, r.Update(ctx, b)
	}
	_ = targets
	controllerutil.AddFinalizer(b, finalizer)
	return ctrl.Result{}, r.Update(ctx, b)
}

func (r *BindingReconciler) markMissing(ctx context.Context, b *Binding) {
	_ = r.Status().Update(ctx, b)
}

// MirrorReconciler reads, through the same helper, objects named after the
// reconciled object itself (its own name) and re-reads it by the request:
// neither is a reference the object holds.
type MirrorReconciler struct {
	client.Client
	Dyn dynamic.Interface
}

func (r *MirrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	u, err := current(ctx, r.Dyn, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	b := &Binding{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	gvr := schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}
	if _, err := fetch(ctx, r.Dyn, gvr, b.Namespace, b.Name+"-mirror"); err != nil {
		return ctrl.Result{}, err
	}
	_ = u
	if !b.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(b, finalizer)
		return ctrl.Result{}, r.Update(ctx, b)
	}
	controllerutil.AddFinalizer(b, finalizer)
	return ctrl.Result{}, r.Update(ctx, b)
}

// FixedReconciler is BindingReconciler as it should be: deletion first,
// and the targets resolved only for a Binding that is not being deleted.
type FixedReconciler struct {
	client.Client
	Dyn dynamic.Interface
}

func (r *FixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &Binding{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !b.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(b, finalizer)
		return ctrl.Result{}, r.Update(ctx, b)
	}
	if _, err := resolve(ctx, r.Dyn, b.Namespace, b.Spec.Targets); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.AddFinalizer(b, finalizer)
	return ctrl.Result{}, r.Update(ctx, b)
}
