// Reproduces the same backup finalizer written to wait: it lists the restored volumes through the field index, deletes those it finds and requeues while any was left, and removes its finalizer only once a listing finds none.
package observed

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type IndexListedRequeue struct {
	client.Client
}

func (r *IndexListedRequeue) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	backup := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, backup); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !backup.DeletionTimestamp.IsZero() {
		var restored storage.VolumeList
		if err := r.List(ctx, &restored, client.InNamespace(backup.Namespace), client.MatchingFields{"restoredFrom": backup.Name}); err != nil {
			return ctrl.Result{}, err
		}
		if len(restored.Items) > 0 {
			for _, claim := range restored.Items {
				if err := r.Delete(ctx, &claim); client.IgnoreNotFound(err) != nil {
					return ctrl.Result{}, err
				}
			}
			return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
		}
		controllerutil.RemoveFinalizer(backup, finalizerName)
		return ctrl.Result{}, r.Update(ctx, backup)
	}
	return ctrl.Result{}, nil
}
