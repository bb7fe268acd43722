// Reproduces the same finalizer written to wait: the helper lists the volumes by label, deletes those it finds and reports whether none was left, and the finalizer is removed only once a listing finds none.
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

type LabelSelectedRequeue struct {
	client.Client
}

func (r *LabelSelectedRequeue) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	gone, err := r.deleteClaims(ctx, db)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !gone {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(db, finalizerName)
	return ctrl.Result{}, r.Update(ctx, db)
}

func (r *LabelSelectedRequeue) deleteClaims(ctx context.Context, db *corev1.ConfigMap) (bool, error) {
	claims := &storage.VolumeList{}
	if err := r.List(ctx, claims, client.InNamespace(db.Namespace), client.MatchingLabels{"db": db.Name}); err != nil {
		return false, err
	}
	for i := range claims.Items {
		if err := r.Delete(ctx, &claims.Items[i]); client.IgnoreNotFound(err) != nil {
			return false, err
		}
	}
	return len(claims.Items) == 0, nil
}
