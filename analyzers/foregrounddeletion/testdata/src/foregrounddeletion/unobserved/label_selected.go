// Reproduces an operator whose finalizer lists the volumes it made by label (they are not owned), deletes them one by one in a helper, and removes its finalizer in the same pass: the volumes, held by their own finalizer until their disks are gone, are never seen gone.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type LabelSelected struct {
	client.Client
}

func (r *LabelSelected) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.deleteClaims(ctx, db); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone: a deletion blocked by the Volume's own finalizers goes unnoticed`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(db, finalizerName)
	return ctrl.Result{}, r.Update(ctx, db)
}

func (r *LabelSelected) deleteClaims(ctx context.Context, db *corev1.ConfigMap) error {
	claims := &storage.VolumeList{}
	if err := r.List(ctx, claims, client.InNamespace(db.Namespace), client.MatchingLabels{"db": db.Name}); err != nil {
		return err
	}
	for i := range claims.Items {
		if err := r.Delete(ctx, &claims.Items[i]); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	return nil
}
