// Reproduces a finalizer released by clearing the object's finalizers, with
// no name to quote, after deleting a dependent in the same pass.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"foregrounddeletion/storage"
)

type SecretReconciler struct {
	client.Client
}

func (r *SecretReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	vol := &storage.Volume{}
	vol.Namespace, vol.Name = s.Namespace, s.Name
	if err := r.Delete(ctx, vol); client.IgnoreNotFound(err) != nil { // want `^Secret removes its finalizer after deleting the Volume without observing`
		return ctrl.Result{}, err
	}
	s.SetFinalizers(nil)
	return ctrl.Result{}, r.Update(ctx, s)
}
