// Reproduces a finalizer that deletes the volumes it lists through a helper
// it shares with the reconciler's pruning, which hands it objects of kinds
// nothing here knows, and removes its finalizer once the helper returns:
// the call is judged by the collection it passes, volumes, which may hold
// finalizers of their own and are never seen gone.
package unobserved

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

// Leftovers says which objects a reconcile left behind; nothing here
// implements it.
type Leftovers interface {
	Left(ctx context.Context) (map[types.UID]client.Object, error)
}

type SharedRemover struct {
	client.Client
	left Leftovers
}

func (r *SharedRemover) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !db.DeletionTimestamp.IsZero() {
		vols := &storage.VolumeList{}
		if err := r.List(ctx, vols, client.InNamespace(db.Namespace)); err != nil {
			return ctrl.Result{}, err
		}
		found := map[types.UID]client.Object{}
		for i := range vols.Items {
			found[vols.Items[i].UID] = &vols.Items[i]
		}
		if err := dropAll(ctx, r.Client, found); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(db, finalizerName)
		return ctrl.Result{}, r.Update(ctx, db)
	}
	left, err := r.left.Left(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, dropAll(ctx, r.Client, left)
}

// dropAll deletes every object and returns the failures.
func dropAll(ctx context.Context, c client.Client, objs map[types.UID]client.Object) error {
	var errs []error
	for _, obj := range objs {
		if err := c.Delete(ctx, obj); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// SharedRemoverDeep lists the volumes in a helper of its own, which hands
// them to the shared one: judged by that helper's collection, volumes.
type SharedRemoverDeep struct {
	client.Client
}

func (r *SharedRemoverDeep) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.retire(ctx, db); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(db, finalizerName)
	return ctrl.Result{}, r.Update(ctx, db)
}

func (r *SharedRemoverDeep) retire(ctx context.Context, db *corev1.ConfigMap) error {
	vols := &storage.VolumeList{}
	if err := r.List(ctx, vols, client.InNamespace(db.Namespace)); err != nil {
		return err
	}
	found := map[types.UID]client.Object{}
	for i := range vols.Items {
		found[vols.Items[i].UID] = &vols.Items[i]
	}
	return dropAll(ctx, r.Client, found)
}
