// Reproduces a database operator whose finalizer deletes the volume claims
// of its instances, returns any failure, and releases its finalizer in the
// same pass. A claim's only finalizer is the API server's pvc-protection,
// removed once no Pod mounts the claim, and the Pods leave with their
// owners: the deletion, once accepted, completes on its own.
package observed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ClaimsReleased struct {
	client.Client
}

func (r *ClaimsReleased) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if db.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	claims := &corev1.PersistentVolumeClaimList{}
	if err := r.List(ctx, claims, client.InNamespace(db.Namespace), client.MatchingLabels{"db": db.Name}); err != nil {
		return ctrl.Result{}, err
	}
	for i := range claims.Items {
		if err := r.Delete(ctx, &claims.Items[i]); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(db, "example.com/volumes")
	return ctrl.Result{}, r.Update(ctx, db)
}
