// Deletions that reach the removal of their finalizer only while a field // want package:`order\(releases Locker\)`
// of the object's status says so, a field the controller sets only while
// the object is not being deleted: an object deleted before the field was
// set (its resource never made) keeps its finalizer for ever. Beside them,
// a deletion that removes the finalizer whatever the status says (in
// staged, one whose status moves on while deleting).
package statusgate

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

// Reconciler returns from its deletion branch when the locker was never
// made, before the removal.
type Reconciler struct {
	client.Client
	store store
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !l.DeletionTimestamp.IsZero() {
		if l.Status.ExternalID == "" {
			return ctrl.Result{}, nil // want `this return ends the deletion of the Locker without removing finalizer "store.example.com/locker", and without an error, when l.Status.ExternalID == "": the object's own status decides`
		}
		if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	return ctrl.Result{}, r.ensure(ctx, l)
}

// ensure adds the finalizer and makes the locker, recording it in status.
func (r *Reconciler) ensure(ctx context.Context, l *vault.Locker) error {
	if controllerutil.AddFinalizer(l, finalizer) {
		if err := r.Update(ctx, l); err != nil {
			return err
		}
	}
	if l.Status.ExternalID != "" {
		return nil
	}
	id, err := r.store.Create(ctx)
	if err != nil {
		return err
	}
	l.Status.ExternalID = id
	return r.Status().Update(ctx, l)
}

// HelperReconciler's deletion helper reads the status into a variable.
type HelperReconciler struct {
	client.Client
	store store
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !l.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, l)
	}
	return ctrl.Result{}, (&Reconciler{Client: r.Client, store: r.store}).ensure(ctx, l)
}

func (r *HelperReconciler) reconcileDelete(ctx context.Context, l *vault.Locker) (ctrl.Result, error) {
	id := l.Status.ExternalID
	if id == "" {
		return ctrl.Result{}, nil // want `when id == "": the object's own status decides`
	}
	if err := r.store.Purge(ctx, id); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(l, finalizer)
	return ctrl.Result{}, r.Update(ctx, l)
}

// ReleasingReconciler removes the finalizer at once when there is nothing
// to purge.
type ReleasingReconciler struct {
	client.Client
	store store
}

func (r *ReleasingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &vault.Locker{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !l.DeletionTimestamp.IsZero() {
		if l.Status.ExternalID != "" {
			if err := r.store.Purge(ctx, l.Status.ExternalID); err != nil {
				return ctrl.Result{}, err
			}
		}
		controllerutil.RemoveFinalizer(l, finalizer)
		return ctrl.Result{}, r.Update(ctx, l)
	}
	return ctrl.Result{}, (&Reconciler{Client: r.Client, store: r.store}).ensure(ctx, l)
}
