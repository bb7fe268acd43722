// Reproduces a controller that watches its StatefulSet with Watches and handler.EnqueueRequestForOwner instead of Owns.
package negative

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"

	cachev1 "ownschildren/api/v1"
)

type WatchesReconciler struct {
	client.Client
}

func (r *WatchesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	sts := &appsv1.StatefulSet{}
	if err := ctrl.SetControllerReference(m, sts, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Patch(ctx, sts, client.Apply, client.ForceOwnership)
}

func (r *WatchesReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Watches(&appsv1.StatefulSet{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Memcached{}, handler.OnlyControllerOwner())).
		Complete(r)
}
