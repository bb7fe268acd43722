// Reproduces the operator-sdk Memcached tutorial controller with the Owns(&appsv1.Deployment{}) line forgotten.
package single

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := r.deploymentForMemcached(m)
	if err := r.Create(ctx, dep); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *MemcachedReconciler) deploymentForMemcached(m *cachev1.Memcached) *appsv1.Deployment {
	dep := &appsv1.Deployment{}
	ctrl.SetControllerReference(m, dep, r.Scheme()) // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it: a deleted or changed Deployment is not repaired until the next resync; add Owns\(&appsv1.Deployment\{\}\) to the controller's builder`
	return dep
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Complete(r)
}
