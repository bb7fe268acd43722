// Reproduces deletions that span passes: the pass that deletes the Volume
// records it in the status and returns, and a later pass removes the
// finalizer on the branch that tests the recorded value, never reading the
// Volume back.
package unobserved

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/dbapi"
	"foregrounddeletion/storage"
)

type PhaseSwitchReconciler struct {
	client.Client
}

func (r *PhaseSwitchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &dbapi.Database{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	switch db.Status.Phase {
	case dbapi.PhaseVolumesDeleted:
		controllerutil.RemoveFinalizer(db, finalizerName)
		return ctrl.Result{}, r.Update(ctx, db)
	default:
		vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: db.Namespace, Name: db.Name}}
		if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil { // want `Database removes its finalizer "example.com/cleanup" on a later pass once db.Status.Phase is dbapi.PhaseVolumesDeleted, which is set after deleting the Volume, without observing that the Volume is gone`
			return ctrl.Result{}, err
		}
		db.Status.Phase = dbapi.PhaseVolumesDeleted
		return ctrl.Result{}, r.Status().Update(ctx, db)
	}
}

type PhaseIfReconciler struct {
	client.Client
}

func (r *PhaseIfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &dbapi.Database{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !db.DeletionTimestamp.IsZero() {
		if db.Status.Phase == "cleaned" {
			controllerutil.RemoveFinalizer(db, finalizerName)
			return ctrl.Result{}, r.Update(ctx, db)
		}
		vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: db.Namespace, Name: db.Name}}
		if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil { // want `on a later pass once db.Status.Phase is "cleaned"`
			return ctrl.Result{}, err
		}
		db.Status.Phase = "cleaned"
		return ctrl.Result{}, r.Status().Update(ctx, db)
	}
	return ctrl.Result{}, nil
}

type PhaseConditionReconciler struct {
	client.Client
}

func (r *PhaseConditionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &dbapi.Database{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if meta.IsStatusConditionTrue(db.Status.Conditions, dbapi.ConditionVolumesDeleted) {
		controllerutil.RemoveFinalizer(db, finalizerName)
		return ctrl.Result{}, r.Update(ctx, db)
	}
	vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: db.Namespace, Name: db.Name}}
	if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil { // want `on a later pass once db.Status.Conditions is dbapi.ConditionVolumesDeleted`
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&db.Status.Conditions, metav1.Condition{Type: dbapi.ConditionVolumesDeleted, Status: metav1.ConditionTrue})
	return ctrl.Result{}, r.Status().Update(ctx, db)
}
