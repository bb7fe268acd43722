// Reproduces Cluster API's Machine adoption: the reconciled object gets a controller reference to its parent.
package negative

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

type AdoptReconciler struct {
	client.Client
}

func (r *AdoptReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	parent := &cachev1.Cache{}
	if err := ctrl.SetControllerReference(parent, m, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, m)
}

func (r *AdoptReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
