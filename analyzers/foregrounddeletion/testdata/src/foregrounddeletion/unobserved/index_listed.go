// Reproduces a backup operator whose finalizer finds the volumes restored from the backup through a field index (the volumes name the backup in their spec; they are not owned), deletes each in Reconcile itself and removes its finalizer in the same pass: the volumes, held by their own finalizer until their disks are gone, are never seen gone.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

// restoredFrom is the field index of the volumes by the backup they were
// restored from.
const restoredFrom = "restoredFrom"

type IndexListed struct {
	client.Client
}

func (r *IndexListed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	backup := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, backup); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !backup.DeletionTimestamp.IsZero() {
		var restored storage.VolumeList
		if err := r.List(ctx, &restored, client.InNamespace(backup.Namespace), client.MatchingFields{restoredFrom: backup.Name}); err != nil {
			return ctrl.Result{}, err
		}
		for _, claim := range restored.Items {
			if err := r.Delete(ctx, &claim); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
				return ctrl.Result{}, err
			}
		}
		controllerutil.RemoveFinalizer(backup, finalizerName)
		return ctrl.Result{}, r.Update(ctx, backup)
	}
	return ctrl.Result{}, nil
}
