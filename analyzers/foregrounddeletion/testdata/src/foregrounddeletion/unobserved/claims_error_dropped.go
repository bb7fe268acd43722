// Reproduces the same volume cleanup with the Delete's error logged and
// dropped: a claim whose deletion the API server refused stays behind once
// the finalizer is gone, with nothing left to retry it.
package unobserved

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ClaimsDropped struct {
	client.Client
}

func (r *ClaimsDropped) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
		if err := r.Delete(ctx, &claims.Items[i]); err != nil { // want `ConfigMap removes its finalizer "example.com/volumes" after deleting the PersistentVolumeClaim without observing that the PersistentVolumeClaim is gone: a deletion that fails goes unnoticed`
			log.Printf("deleting claim %s: %v", claims.Items[i].Name, err)
		}
	}
	controllerutil.RemoveFinalizer(db, "example.com/volumes")
	return ctrl.Result{}, r.Update(ctx, db)
}
