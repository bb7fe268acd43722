// Reproduces a deletion phase that deletes each listed volume through a
// helper kept in another file and reads back only a Secret, another kind:
// the volumes are never seen gone before the finalizer goes.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type PhaseThenHelper struct {
	client.Client
}

func (r *PhaseThenHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
	if err := r.deleteVolumes(ctx, db, vols.Items); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(db, finalizerName)
	return ctrl.Result{}, r.Update(ctx, db)
}

// deleteVolumes deletes each volume through dropVolume, then reads the
// database's Secret: not a volume.
func (r *PhaseThenHelper) deleteVolumes(ctx context.Context, db *corev1.ConfigMap, vols []storage.Volume) error {
	for i := range vols {
		if err := r.dropVolume(ctx, &vols[i]); err != nil {
			return err
		}
	}
	s := &corev1.Secret{}
	return client.IgnoreNotFound(r.Get(ctx, client.ObjectKey{Namespace: db.Namespace, Name: db.Name}, s))
}
