// Reproduces a deletion phase that hands each listed volume to a deleting
// helper kept in another file, then reads the volume back and asks for
// another pass while any is left; the caller returns on that result before
// it removes its finalizer, so the removal waits for the volumes to be gone.
package observed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type ReadBackAfterHelper struct {
	client.Client
}

func (r *ReadBackAfterHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	vols := &storage.VolumeList{}
	if err := r.List(ctx, vols, client.InNamespace(db.Namespace), client.MatchingLabels{"db": db.Name}); err != nil {
		return ctrl.Result{}, err
	}
	if res, err := r.deleteVolumes(ctx, vols.Items); err != nil || !res.IsZero() {
		return res, err
	}
	controllerutil.RemoveFinalizer(db, finalizerName)
	return ctrl.Result{}, r.Update(ctx, db)
}

// deleteVolumes deletes each volume through removeVolume and reads it
// back: a volume still there is waited for.
func (r *ReadBackAfterHelper) deleteVolumes(ctx context.Context, vols []storage.Volume) (ctrl.Result, error) {
	left := 0
	for i := range vols {
		v := vols[i]
		if err := r.removeVolume(ctx, &v); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Get(ctx, client.ObjectKeyFromObject(&v), &v); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return ctrl.Result{}, err
		}
		left++
	}
	if left > 0 {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}
