// Package nilscope reproduces reconcilers whose helper reads an object the // want package:`order\(Ship needs Fleet, Ship needs Harbor; releases Ship\)`
// spec (or the spec of an object found through it) names and answers every
// failure of that read, not-found included, with no object and a nil error
// (if err != nil { return nil, nil }): the caller's nil test, taken before
// the deletion branch with a quiet return, strands the finalizer once that
// object is gone. A helper that answers with an object, or a caller that
// tests deletion first, is left alone.
package nilscope

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/nilscope/api"
)

const fin = "sea.example.com/ship"

// Scope is what a Ship is reconciled in.
type Scope interface{ HarborName() string }

type harborScope struct{ h *api.Harbor }

func (s *harborScope) HarborName() string { return s.h.Name }

// fleetOf reads the Fleet the Ship names; any failure is "no fleet yet".
func fleetOf(ctx context.Context, c client.Client, s *api.Ship) (*api.Fleet, error) {
	f := &api.Fleet{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: s.Namespace, Name: s.Spec.FleetName}, f); err != nil {
		return nil, nil
	}
	return f, nil
}

type OwnSpecReconciler struct{ client.Client }

func (r *OwnSpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Ship{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	f, err := fleetOf(ctx, r.Client, s)
	if err != nil {
		return ctrl.Result{}, err
	}
	if f == nil {
		return ctrl.Result{}, nil // want `when a referenced Fleet that fleetOf reads is already deleted, this return keeps Ship from ever reaching the removal of finalizer "sea.example.com/ship"`
	}
	if !s.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(s, fin)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	return ctrl.Result{}, nil
}

// scope reads the Harbor the Fleet names, an interface built from it.
func (r *ScopeReconciler) scope(ctx context.Context, f *api.Fleet, s *api.Ship) (Scope, error) {
	h := &api.Harbor{}
	key := client.ObjectKey{Namespace: s.Namespace, Name: f.Spec.HarborRef.Name}
	if err := r.Get(ctx, key, h); err != nil {
		return nil, nil
	}
	return &harborScope{h: h}, nil
}

// ScopeReconciler finds its Fleet, and that Fleet's Harbor in a helper
// whose result is an interface.
type ScopeReconciler struct{ client.Client }

func (r *ScopeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Ship{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	f := &api.Fleet{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: s.Namespace, Name: s.Spec.FleetName}, f); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err) // want `when the Fleet named by s.Spec.FleetName is already deleted`
	}
	sc, err := r.scope(ctx, f, s)
	if err != nil {
		return ctrl.Result{}, err
	}
	if sc == nil {
		return ctrl.Result{}, nil // want `when a referenced Harbor that r.scope reads is already deleted`
	}
	if !s.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(s, fin)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	_ = sc.HarborName()
	return ctrl.Result{}, nil
}

// DeletingFirstReconciler tests deletion before it reads the Fleet.
type DeletingFirstReconciler struct{ client.Client }

func (r *DeletingFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Ship{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !s.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(s, fin)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	f, err := fleetOf(ctx, r.Client, s)
	if err != nil {
		return ctrl.Result{}, err
	}
	if f == nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// defaultFleet answers a failed read with an empty Fleet, not with none:
// the caller's nil test never sees the Fleet gone.
func defaultFleet(ctx context.Context, c client.Client, s *api.Ship) (*api.Fleet, error) {
	f := &api.Fleet{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: s.Namespace, Name: s.Spec.FleetName}, f); err != nil {
		return &api.Fleet{}, nil
	}
	return f, nil
}

type DefaultReconciler struct{ client.Client }

func (r *DefaultReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Ship{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	f, err := defaultFleet(ctx, r.Client, s)
	if err != nil {
		return ctrl.Result{}, err
	}
	if f == nil {
		return ctrl.Result{}, nil
	}
	if !s.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(s, fin)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	return ctrl.Result{}, nil
}

// GoneMeansDeleteReconciler takes no Fleet, while deleting, for gone.
type GoneMeansDeleteReconciler struct{ client.Client }

func (r *GoneMeansDeleteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Ship{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	f, err := fleetOf(ctx, r.Client, s)
	if err != nil {
		return ctrl.Result{}, err
	}
	if f == nil && s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if !s.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(s, fin)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	return ctrl.Result{}, nil
}
