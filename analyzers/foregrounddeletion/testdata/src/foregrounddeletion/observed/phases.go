// Reproduces deletions that span passes and see the Volume gone: the
// branch of the recorded value reads it back before the finalizer goes,
// or the finalizer goes on a value this deletion never records.
package observed

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/dbapi"
	"foregrounddeletion/storage"
)

type PhaseReadBackReconciler struct {
	client.Client
}

func (r *PhaseReadBackReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &dbapi.Database{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	key := client.ObjectKey{Namespace: db.Namespace, Name: db.Name}
	switch db.Status.Phase {
	case dbapi.PhaseVolumesDeleted:
		if err := r.Get(ctx, key, &storage.Volume{}); !apierrors.IsNotFound(err) {
			return ctrl.Result{Requeue: true}, nil
		}
		controllerutil.RemoveFinalizer(db, "example.com/cleanup")
		return ctrl.Result{}, r.Update(ctx, db)
	default:
		vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: db.Namespace, Name: db.Name}}
		if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		db.Status.Phase = dbapi.PhaseVolumesDeleted
		return ctrl.Result{}, r.Status().Update(ctx, db)
	}
}

type PhaseOtherValueReconciler struct {
	client.Client
}

// The finalizer goes on PhaseVolumesGone, which a listing that finds no
// Volume left records; the Delete records PhaseVolumesDeleted.
func (r *PhaseOtherValueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &dbapi.Database{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	switch db.Status.Phase {
	case dbapi.PhaseVolumesGone:
		controllerutil.RemoveFinalizer(db, "example.com/cleanup")
		return ctrl.Result{}, r.Update(ctx, db)
	case dbapi.PhaseVolumesDeleted:
		vols := &storage.VolumeList{}
		if err := r.List(ctx, vols, client.InNamespace(db.Namespace)); err != nil {
			return ctrl.Result{}, err
		}
		if len(vols.Items) > 0 {
			return ctrl.Result{Requeue: true}, nil
		}
		db.Status.Phase = dbapi.PhaseVolumesGone
		return ctrl.Result{}, r.Status().Update(ctx, db)
	default:
		vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: db.Namespace, Name: db.Name}}
		if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		db.Status.Phase = dbapi.PhaseVolumesDeleted
		return ctrl.Result{}, r.Status().Update(ctx, db)
	}
}

type PhaseConditionListedReconciler struct {
	client.Client
}

// The condition's branch lists the Volumes and waits while any is left.
func (r *PhaseConditionListedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &dbapi.Database{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if meta.IsStatusConditionTrue(db.Status.Conditions, dbapi.ConditionVolumesDeleted) {
		vols := &storage.VolumeList{}
		if err := r.List(ctx, vols, client.InNamespace(db.Namespace)); err != nil || len(vols.Items) > 0 {
			return ctrl.Result{Requeue: true}, err
		}
		controllerutil.RemoveFinalizer(db, "example.com/cleanup")
		return ctrl.Result{}, r.Update(ctx, db)
	}
	vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: db.Namespace, Name: db.Name}}
	if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&db.Status.Conditions, metav1.Condition{Type: dbapi.ConditionVolumesDeleted, Status: metav1.ConditionTrue})
	return ctrl.Result{}, r.Status().Update(ctx, db)
}
