package plaincontrol

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/plaincontrol/adoption"
	"blockownerdeletion/plaincontrol/api"
)

// createReservation gives the Store's Reservation a plain reference on
// purpose: another object becomes its controller later (adoption.Adopt
// takes any object), so the Reservation may have several owners.
func (r *StoreReconciler) createReservation(ctx context.Context, s *api.Store) error {
	rs := &api.Reservation{}
	if err := controllerutil.SetOwnerReference(s, rs, r.Scheme()); err != nil {
		return err
	}
	if adoption.Claimed(rs) {
		return nil
	}
	return r.Create(ctx, rs)
}
