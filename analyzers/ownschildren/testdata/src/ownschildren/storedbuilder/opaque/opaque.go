// Reproduces controllers whose builder reaches code no analysis sees: a
// function value, and a return to the caller (which may add any watch).
// Nothing is reported.
package opaque

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

type MemcachedReconciler struct {
	client.Client
	// AddWatches is set by the caller; it may add any watch.
	AddWatches func(*builder.Builder)
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := controllerutil.SetControllerReference(m, dep, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, dep)
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{})
	r.AddWatches(b)
	return b.Complete(r)
}
