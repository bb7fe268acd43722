// Reproduces providers whose two controllers build one scope that reads a // want package:`order\(Drone needs Secret, Fleet needs Secret; releases Drone, Fleet\)`
// credentials Secret before their deletion branches, where only the
// controller of the kind that names the Secret keeps it with a finalizer.
// FleetReconciler's finding says the finalizer is its own; DroneReconciler
// reads the Secret through the same NewScope, so its finding names
// FleetReconciler's finalizer and says when it protects the Secret.
// BeaconReconciler reads a Secret through a helper nobody protects: the
// plain Secret finding.
package sharedsecret

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/sharedsecret/fleet"
)

const (
	fleetFinalizer = "air.example.com/fleet"
	tokenFinalizer = "air.example.com/fleet-token"
	droneFinalizer = "air.example.com/drone"
)

type FleetReconciler struct {
	client.Client
}

func (r *FleetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	f := &fleet.Fleet{}
	if err := r.Get(ctx, req.NamespacedName, f); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s, err := scopeOf(ctx, r.Client, f)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that scopeOf reads is already deleted, .*the Secret carries a finalizer of this controller's from controllerutil.AddFinalizer on`
	}
	if !f.DeletionTimestamp.IsZero() {
		if err := r.token(ctx, s, false); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(f, fleetFinalizer)
		return ctrl.Result{}, r.Update(ctx, f)
	}
	if controllerutil.AddFinalizer(f, fleetFinalizer) {
		if err := r.Update(ctx, f); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, r.token(ctx, s, true)
}

// scopeOf builds a Fleet's scope: a plain function between the
// controller and the shared helper, so the Drone's finding finds the
// Fleet's finalizer through the callers of the callers of fleet.NewScope.
func scopeOf(ctx context.Context, c client.Client, f *fleet.Fleet) (*fleet.Scope, error) {
	return fleet.NewScope(ctx, c, f)
}

// token puts the Fleet's finalizer on its token Secret, or takes it off.
func (r *FleetReconciler) token(ctx context.Context, s *fleet.Scope, hold bool) error {
	secret := &corev1.Secret{}
	key := client.ObjectKey{Namespace: s.Fleet.Namespace, Name: s.Fleet.Spec.TokenSecret}
	if err := r.Get(ctx, key, secret); err != nil {
		return client.IgnoreNotFound(err)
	}
	if hold {
		controllerutil.AddFinalizer(secret, tokenFinalizer)
	} else {
		controllerutil.RemoveFinalizer(secret, tokenFinalizer)
	}
	return r.Update(ctx, secret)
}

type DroneReconciler struct {
	client.Client
}

func (r *DroneReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &fleet.Drone{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s, err := r.fleetScope(ctx, d)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.fleetScope reads is already deleted, .*; FleetReconciler also reads the Secret through fleet.NewScope and holds it with a finalizer from controllerutil.AddFinalizer on, which controllerutil.RemoveFinalizer removes: if that deletion comes after this one, the Secret is missing here only if it was deleted before it got that finalizer`
	}
	if !d.DeletionTimestamp.IsZero() {
		if s != nil {
			s.Token = nil
		}
		controllerutil.RemoveFinalizer(d, droneFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	if controllerutil.AddFinalizer(d, droneFinalizer) {
		return ctrl.Result{}, r.Update(ctx, d)
	}
	return ctrl.Result{}, nil
}

// fleetScope builds the scope of the Drone's Fleet; nil when the Fleet is
// gone.
func (r *DroneReconciler) fleetScope(ctx context.Context, d *fleet.Drone) (*fleet.Scope, error) {
	f := &fleet.Fleet{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: d.Namespace, Name: d.Spec.Fleet}, f); err != nil {
		return nil, nil
	}
	return fleet.NewScope(ctx, r.Client, f)
}

type BeaconReconciler struct {
	client.Client
}

func (r *BeaconReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &fleet.Drone{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := r.beaconKey(ctx, d); err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.beaconKey reads is already deleted, .*otherwise treat not-found as gone while deleting \(finalizer.Runner does\)$`
	}
	if !d.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(d, droneFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	controllerutil.AddFinalizer(d, droneFinalizer)
	return ctrl.Result{}, r.Update(ctx, d)
}

// beaconKey reads the Secret named after the Drone's Fleet.
func (r *BeaconReconciler) beaconKey(ctx context.Context, d *fleet.Drone) ([]byte, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: d.Namespace, Name: d.Spec.Fleet + "-beacon"}, s); err != nil {
		return nil, err
	}
	return s.Data["key"], nil
}
