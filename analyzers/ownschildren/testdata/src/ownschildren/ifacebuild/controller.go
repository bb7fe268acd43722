// Reproduces a controller that builds a child through an interface whose
// implementations live in another package: the child is what any
// implementation builds, for the owner it gives it.
package ifacebuild

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/ifacebuild/specs"
)

type configBuilder interface {
	Build() *corev1.ConfigMap
}

// createFrom creates what the builder builds.
func createFrom(ctx context.Context, c client.Client, b configBuilder) error {
	return c.Create(ctx, b.Build()) // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached but its controller does not watch it`
}

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, createFrom(ctx, r.Client, specs.MemcachedConfig{M: m})
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}

// CacheReconciler watches its ConfigMaps; the Memcached's ConfigMap is not
// its child.
type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, createFrom(ctx, r.Client, specs.CacheConfig{C: c})
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}).Owns(&corev1.ConfigMap{}).Complete(r)
}
