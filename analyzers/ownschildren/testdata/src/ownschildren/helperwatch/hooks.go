// Reproduces a controller whose builder goes to a helper of another package that hands it to callbacks: its watches are unknown, nothing is reported.
package helperwatch

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
	"ownschildren/helperwatch/watches"
)

type MemcachedReconciler struct {
	Client client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Client.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, err
	}
	sec := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(m, sec, r.Client.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Client.Create(ctx, sec)
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{})
	watches.AddHooks(b)
	return b.Complete(r)
}
