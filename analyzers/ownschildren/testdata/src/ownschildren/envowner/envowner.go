// Reproduces a controller that hands its object to a library through an environment struct that also holds another object it found: of the children the library creates, the StatefulSet, the ConfigMap and the Service whose owner references take the Cache's UID are the Cache's children; only the Memcached's Deployment and ServiceAccount are reported.
package envowner

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/envowner/env"
)

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	c := &cachev1.Cache{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: "cache"}, c); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, env.Apply(ctx, &env.Env{Client: r.Client, Memcached: m, Cache: c}) // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it` `corev1.ServiceAccount is created with a controller reference to cachev1.Memcached`
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
