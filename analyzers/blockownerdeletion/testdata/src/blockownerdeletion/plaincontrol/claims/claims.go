// Package claims holds a controller that owns the claim of its Cache plainly.
package claims

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/plaincontrol/api"
)

// CacheClaimReconciler owns the claim of its Cache plainly. A claim's only
// finalizer is the API server's protection, released once no Pod mounts
// it, and its Pods leave with their owners: all the plain reference
// changes is the order of a foreground deletion (category order-only),
// and the message says why.
type CacheClaimReconciler struct {
	client.Client
}

func (r *CacheClaimReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	claim := &corev1.PersistentVolumeClaim{}
	if err := controllerutil.SetOwnerReference(c, claim, r.Scheme()); err != nil { // want `plain owner reference without blockOwnerDeletion on the corev1.PersistentVolumeClaim this controller creates for its api.Cache: it is the only owner of the PersistentVolumeClaim, so the reference is control in all but name, but a foreground deletion of the owner does not wait for the PersistentVolumeClaim; a PersistentVolumeClaim holds no finalizer but the API server's protection, released once nothing uses it, so only the order of deletion changes unless a finalizer is added;`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, claim)
}

func (r *CacheClaimReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Cache{}).Complete(r)
}
