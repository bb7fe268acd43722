// Reproduces a controller whose child is made by a chain of methods that
// all have one name, Reconcile, in three packages: the finding names the
// component's Reconcile where the controller calls it and the
// sub-reconciler's where the reference is set, each by its type, never
// one for the other.
package samename

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/samename/components"
)

type Reconciler struct {
	client.Client
	Server *components.Server
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.Server.Reconcile(ctx, m) // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached`
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
