// Package versions reproduces a Boat controller that finds its Fleet by a // want package:`byName\(; 1 pairs\)`
// name taken from a label, through the v1 Go type, while the Fleet
// controller, built on the v2 type, owns the Boats: one kind, two API
// versions' types, so the Fleet is the Boat's owner all the same.
package versions

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	fleetv1 "ownerbyref/versions/fleet/v1"
	fleetv2 "ownerbyref/versions/fleet/v2"
)

type FleetReconciler struct{ client.Client }

func (r *FleetReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *FleetReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:"owners\\(ownerbyref/versions/fleet/v2.Fleet>ownerbyref/versions/fleet/v1.Boat\\)"
	return ctrl.NewControllerManagedBy(mgr).
		For(&fleetv2.Fleet{}).
		Owns(&fleetv1.Boat{}).
		Complete(r)
}

type BoatReconciler struct{ client.Client }

func (r *BoatReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	boat := &fleetv1.Boat{}
	if err := r.Get(ctx, req.NamespacedName, boat); err != nil {
		return reconcile.Result{}, err
	}
	fleet := &fleetv1.Fleet{}
	key := client.ObjectKey{Namespace: boat.Namespace, Name: boat.Labels["fleet.example.com/fleet"]}
	if err := r.Get(ctx, key, fleet); err != nil { // want `Get of the owning fleetv1.Fleet by a name taken from a label of the object`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

func (r *BoatReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&fleetv1.Boat{}).Complete(r)
}
