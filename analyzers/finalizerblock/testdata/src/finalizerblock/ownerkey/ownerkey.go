// Package ownerkey reproduces reconcilers that find their owner's key in // want package:`order\(Ship needs Fleet; releases Ship\)`
// their own owner references through a helper that also says when there is
// none (key, none, err), read the owner by that key in another helper that
// returns the read's error, and return it before the deletion branch: once
// the owner is gone, the finalizer is never removed. A reconciler that
// tests deletion first, or lets the owner's not-found go on, is left alone.
package ownerkey

import (
	"context"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/nilscope/api"
)

const fin = "sea.example.com/ship"

// fleetKey returns the key of the Fleet among the owners meta names.
func fleetKey(meta metav1.ObjectMeta) (*client.ObjectKey, bool, error) {
	for _, ref := range meta.GetOwnerReferences() {
		if ref.Kind == "Fleet" {
			return &client.ObjectKey{Namespace: meta.Namespace, Name: ref.Name}, false, nil
		}
	}
	return nil, true, nil
}

type shipReader struct{ client.Client }

// fleet reads the Ship's owning Fleet, if it has one.
func (r *shipReader) fleet(ctx context.Context, s *api.Ship) (*api.Fleet, error) {
	key, none, err := fleetKey(s.ObjectMeta)
	if err != nil || none || key == nil {
		return nil, err
	}
	f := &api.Fleet{}
	if err := r.Get(ctx, *key, f); err != nil {
		return nil, fmt.Errorf("reading the Ship's Fleet: %w", err)
	}
	return f, nil
}

type OwnerKeyReconciler struct{ shipReader }

func (r *OwnerKeyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Ship{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	f, err := r.fleet(ctx, s)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Fleet that r.fleet reads is already deleted, this return keeps Ship from ever reaching the removal of finalizer "sea.example.com/ship"`
	}
	if !s.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(s, fin)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	_ = f
	return ctrl.Result{}, nil
}

// DeletingFirstReconciler removes its finalizer before it reads the Fleet.
type DeletingFirstReconciler struct{ shipReader }

func (r *DeletingFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Ship{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !s.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(s, fin)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	if _, err := r.fleet(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// GoneFleetReconciler goes on when the Fleet is gone.
type GoneFleetReconciler struct{ shipReader }

func (r *GoneFleetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Ship{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := r.fleet(ctx, s); err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	if !s.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(s, fin)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	return ctrl.Result{}, nil
}
