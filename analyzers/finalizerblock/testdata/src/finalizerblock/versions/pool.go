// Package versions holds two controllers that wait for each other's kind // want package:`waits\(finalizerblock/versions/storage/v1.Pool waits for finalizerblock/versions/storage/v1beta1.Volume, finalizerblock/versions/storage/v1.Volume waits for finalizerblock/versions/storage/v1beta1.Pool\)` package:`order\(Pool needs Volume, Volume needs Pool; releases Pool, Volume\)`
// while being deleted, each looking the other up through another API
// version's type than the one it reconciles: the kinds are the same, and
// so is the deadlock.
package versions

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	storagev1 "finalizerblock/versions/storage/v1"
	storagev1beta1 "finalizerblock/versions/storage/v1beta1"
)

type PoolReconciler struct {
	client.Client
}

func (r *PoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pool := &storagev1.Pool{}
	if err := r.Get(ctx, req.NamespacedName, pool); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if pool.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	vol := &storagev1beta1.Volume{}
	err := r.Get(ctx, client.ObjectKey{Namespace: pool.Namespace, Name: pool.Spec.VolumeName}, vol)
	switch {
	case apierrors.IsNotFound(err):
		// The volume is gone.
	case err != nil:
		return ctrl.Result{}, err
	default:
		if err := r.Delete(ctx, vol); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil // want `Pool keeps its finalizer here until the Volume is gone, while the deletion code of Volume keeps its finalizer until the Pool is gone: neither is ever removed`
	}
	controllerutil.RemoveFinalizer(pool, storagev1.Finalizer)
	return ctrl.Result{}, r.Update(ctx, pool)
}
