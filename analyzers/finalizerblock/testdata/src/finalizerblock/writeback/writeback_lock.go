package writeback

import (
	"context"
	"errors"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
	"finalizerblock/writeback/lease"
)

// errNotHolder says that another object holds the lock.
var errNotHolder = errors.New("not the holder of the lock")

// LockReconciler releases its lock through a helper that takes a missing
// Secret, or a lock held by another, as nothing left to do: one test of
// two errors in a disjunction.
type LockReconciler struct {
	PurgeReconciler
}

func (r *LockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() == nil {
		controllerutil.AddFinalizer(obj, purgeFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	var keep []string
	for _, f := range obj.GetFinalizers() {
		switch f {
		case purgeFinalizer:
			if err := r.unlock(ctx, obj); err != nil {
				keep = append(keep, f)
			}
		default:
			keep = append(keep, f)
		}
	}
	obj.SetFinalizers(keep)
	return ctrl.Result{}, r.Update(ctx, obj)
}

func (r *LockReconciler) unlock(ctx context.Context, obj *api.DockerCluster) error {
	err := r.purge(ctx, obj)
	if apierrors.IsNotFound(err) || errors.Is(err, errNotHolder) {
		return nil
	}
	return err
}

// LeaseReconciler releases its lock through another package's helper,
// whose wrapped error it tests the same way.
type LeaseReconciler struct {
	client.Client
}

func (r *LeaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() == nil {
		controllerutil.AddFinalizer(obj, purgeFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	var keep []string
	for _, f := range obj.GetFinalizers() {
		switch f {
		case purgeFinalizer:
			if err := r.unlock(ctx, obj); err != nil {
				keep = append(keep, f)
			}
		default:
			keep = append(keep, f)
		}
	}
	obj.SetFinalizers(keep)
	return ctrl.Result{}, r.Update(ctx, obj)
}

func (r *LeaseReconciler) unlock(ctx context.Context, obj *api.DockerCluster) error {
	err := lease.Release(ctx, r.Client, obj.Namespace, obj.Spec.ClusterName+"-lock", string(obj.UID))
	if apierrors.IsNotFound(err) || errors.Is(err, lease.ErrNotHolder) {
		return nil
	}
	return fmt.Errorf("release lock: %w", err)
}
