// Reproduces a reconciler whose Reconcile is promoted from an embedded base reconciler of the same package.
package apply

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

type base struct {
	client.Client
}

func (b *base) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Cache{}
	sa := &corev1.ServiceAccount{}
	if err := ctrl.SetControllerReference(m, sa, b.Scheme()); err != nil { // want `corev1.ServiceAccount is created with a controller reference to cachev1.Cache`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, b.Create(ctx, sa)
}

type CacheReconciler struct {
	*base
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr)
	b.For(&cachev1.Cache{})
	return b.Complete(r)
}
