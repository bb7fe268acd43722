// Reproduces a controller that creates an object controlled by another object than the one it reconciles.
package negative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

type OtherOwnerReconciler struct {
	client.Client
}

func (r *OtherOwnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cache := &cachev1.Cache{}
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(cache, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *OtherOwnerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
