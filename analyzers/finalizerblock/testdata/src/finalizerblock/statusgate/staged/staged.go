// A deletion whose status moves on while deleting: it purges, clears the // want package:`order\(releases Locker\)`
// field and comes back, and the next pass removes the finalizer.
package staged

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/specgate/vault"
)

const finalizer = "store.example.com/locker"

type store interface {
	Create(ctx context.Context) (string, error)
	Purge(ctx context.Context, id string) error
}

// StagedReconciler purges, clears the field and comes back: the next pass
// takes the other side and removes the finalizer.
type StagedReconciler struct {
	client.Client
	store store
}

func (r *StagedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !l.DeletionTimestamp.IsZero() {
		if l.Status.ExternalID != "" {
			if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
				return ctrl.Result{}, err
			}
			l.Status.ExternalID = ""
			return ctrl.Result{Requeue: true}, r.Status().Update(ctx, l)
		}
		controllerutil.RemoveFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	if controllerutil.AddFinalizer(l, finalizer) {
		return ctrl.Result{}, r.Update(ctx, l)
	}
	id, err := r.store.Create(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	l.Status.ExternalID = id
	return ctrl.Result{}, r.Status().Update(ctx, l)
}
