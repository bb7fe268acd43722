// Package keyhelpers reproduces reconcilers that read the object their // want package:`waits\(finalizerblock/keyhelpers/api.Widget waits for finalizerblock/keyhelpers/api.Gadget\)` package:`order\(Widget needs Gadget; releases Widget\)`
// spec names by a key a helper builds (an accessor of the API type in
// another package, a function of the package), or search a list for it in
// a helper that answers "none" with no object and a nil error.
package keyhelpers

import (
	"context"
	"errors"

	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/keyhelpers/api"
)

const fin = "example.com/widget"

type AccessorReconciler struct{ client.Client }

func (r *AccessorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g := &api.Gadget{}
	if err := r.Get(ctx, w.GadgetKey(), g); err != nil {
		return ctrl.Result{}, err // want `when the Gadget read with key w.GadgetKey\(\) is already deleted, this return keeps Widget from ever reaching the removal of finalizer "example.com/widget" while it is being deleted`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, fin)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// OwnKeyReconciler reads an object by the Widget's own key: no reference,
// and its failure is retried.
type OwnKeyReconciler struct{ client.Client }

func (r *OwnKeyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g := &api.Gadget{}
	if err := r.Get(ctx, w.OwnKey(), g); err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, fin)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

func gadgetKey(w *api.Widget) types.NamespacedName {
	return types.NamespacedName{Namespace: w.Namespace, Name: w.Spec.GadgetName}
}

type KeyFuncReconciler struct{ client.Client }

func (r *KeyFuncReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	key := gadgetKey(w)
	g := &api.Gadget{}
	if err := r.Get(ctx, key, g); err != nil {
		return ctrl.Result{}, err // want `when the Gadget read with key key is already deleted`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, fin)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// KeyFuncDeletingReconciler tests deletion first: the lookup runs only on
// a live Widget.
type KeyFuncDeletingReconciler struct{ client.Client }

func (r *KeyFuncDeletingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, fin)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if err := r.Get(ctx, gadgetKey(w), &api.Gadget{}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

var errNoGadget = errors.New("gadget not found")

type SearchReconciler struct{ client.Client }

// findGadget searches the namespace's Gadgets for the one the spec names,
// and answers no Gadget and a nil error when none has that name.
func (r *SearchReconciler) findGadget(ctx context.Context, w *api.Widget) (*api.Gadget, error) {
	var list api.GadgetList
	if err := r.List(ctx, &list, client.InNamespace(w.Namespace)); err != nil {
		return nil, err
	}
	for i := range list.Items {
		if list.Items[i].Name == w.Spec.GadgetName {
			return &list.Items[i], nil
		}
	}
	return nil, nil
}

func (r *SearchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g, err := r.findGadget(ctx, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	if g == nil {
		return ctrl.Result{}, errNoGadget // want `when a referenced Gadget that r.findGadget reads is already deleted, this return keeps Widget from ever reaching the removal of finalizer "example.com/widget" while it is being deleted`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, fin)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// SearchGoneReconciler lets a Widget being deleted go on without its
// Gadget.
type SearchGoneReconciler struct{ SearchReconciler }

func (r *SearchGoneReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g, err := r.findGadget(ctx, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, fin)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if g == nil {
		return ctrl.Result{}, errNoGadget
	}
	return ctrl.Result{}, nil
}
