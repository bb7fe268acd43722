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

type VolumeReconciler struct {
	client.Client
}

func (r *VolumeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	vol := &storagev1.Volume{}
	if err := r.Get(ctx, req.NamespacedName, vol); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if vol.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	pool := &storagev1beta1.Pool{}
	err := r.Get(ctx, client.ObjectKey{Namespace: vol.Namespace, Name: vol.Spec.PoolName}, pool)
	switch {
	case apierrors.IsNotFound(err):
		// The pool is gone: the volume can go.
	case err != nil:
		return ctrl.Result{}, err
	default:
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `Volume keeps its finalizer here until the Pool is gone, while the deletion code of Pool keeps its finalizer until the Volume is gone`
	}
	controllerutil.RemoveFinalizer(vol, storagev1.Finalizer)
	return ctrl.Result{}, r.Update(ctx, vol)
}
