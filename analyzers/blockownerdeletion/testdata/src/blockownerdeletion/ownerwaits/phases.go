package ownerwaits

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/ownerwaits/api"
	"blockownerdeletion/ownerwaits/refs"
)

// A Fleet's reconcile runs a list of phases, method values kept in a
// slice: a phase lists the Fleet's Ships into a scope, and the deletion
// phase releases the finalizer only once none is left. A Ship handed over
// to another Fleet gets its controller reference from a helper of another
// package; the Fleet waits for its Ships, so the reference needs no
// blockOwnerDeletion.

type fleetScope struct {
	fleet *api.Fleet
	ships []*api.Ship
}

type fleetPhase func(ctx context.Context, s *fleetScope) (ctrl.Result, error)

type FleetReconciler struct {
	client.Client
}

func (r *FleetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	f := &api.Fleet{}
	if err := r.Get(ctx, req.NamespacedName, f); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &fleetScope{fleet: f}
	phases := []fleetPhase{r.listShips}
	if !f.DeletionTimestamp.IsZero() {
		return runPhases(ctx, s, append(phases, r.reconcileDelete))
	}
	return runPhases(ctx, s, append(phases, r.reconcileNormal))
}

func runPhases(ctx context.Context, s *fleetScope, phases []fleetPhase) (ctrl.Result, error) {
	for _, p := range phases {
		if res, err := p(ctx, s); err != nil || !res.IsZero() {
			return res, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *FleetReconciler) listShips(ctx context.Context, s *fleetScope) (ctrl.Result, error) {
	list := &api.ShipList{}
	if err := r.List(ctx, list, client.InNamespace(s.fleet.Namespace), client.MatchingLabels{"fleet": s.fleet.Name}); err != nil {
		return ctrl.Result{}, err
	}
	for i := range list.Items {
		s.ships = append(s.ships, &list.Items[i])
	}
	return ctrl.Result{}, nil
}

func (r *FleetReconciler) reconcileDelete(ctx context.Context, s *fleetScope) (ctrl.Result, error) {
	ships := s.ships
	if len(ships) == 0 {
		controllerutil.RemoveFinalizer(s.fleet, finalizer)
		return ctrl.Result{}, r.Update(ctx, s.fleet)
	}
	for _, sh := range ships {
		if err := r.Delete(ctx, sh); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil // the Ships' deletions bring the Fleet back
}

func (r *FleetReconciler) reconcileNormal(ctx context.Context, s *fleetScope) (ctrl.Result, error) {
	if controllerutil.AddFinalizer(s.fleet, finalizer) {
		return ctrl.Result{}, r.Update(ctx, s.fleet)
	}
	return ctrl.Result{}, nil
}

// moveShip hands a Ship over to another Fleet.
func (r *FleetReconciler) moveShip(ctx context.Context, sh *api.Ship, from, to *api.Fleet) error {
	sh.OwnerReferences = refs.Replace(sh.OwnerReferences, from, metav1.OwnerReference{
		APIVersion: "example.com/v1",
		Kind:       "Fleet",
		Name:       to.Name,
		UID:        to.UID,
		Controller: ptr.To(true),
	})
	return r.Update(ctx, sh)
}

// moveStepAcross hands a Step over to another Batch through the same
// helper; a Batch does not wait for its Steps.
func (r *FleetReconciler) moveStepAcross(ctx context.Context, st *api.Step, from, to *api.Batch) error {
	st.OwnerReferences = refs.Replace(st.OwnerReferences, from, metav1.OwnerReference{ // want `controller owner reference without blockOwnerDeletion`
		APIVersion: "example.com/v1",
		Kind:       "Batch",
		Name:       to.Name,
		UID:        to.UID,
		Controller: ptr.To(true),
	})
	return r.Update(ctx, st)
}
