// Raw sources made by helpers of another package: a channel of events
// watches no kind, so a controller watching one is still checked; a helper
// that returns a source of Secrets watches Secrets.
package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"

	cachev1 "ownschildren/api/v1"
	"ownschildren/rawsource/health"
)

type MemcachedReconciler struct {
	client.Client
	Tracker health.Tracker
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		WatchesRawSource(r.Tracker.Source(health.MapNothing)).
		WatchesRawSource(health.Changes(health.MapNothing)).
		WatchesRawSource(health.Secrets(mgr.GetCache(), handler.TypedEnqueueRequestForOwner[*corev1.Secret](mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Memcached{}))).
		Complete(r)
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{} // watched through health.Secrets
	if err := controllerutil.SetControllerReference(m, s, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	dep := &appsv1.Deployment{}
	if err := controllerutil.SetControllerReference(m, dep, r.Scheme()); err != nil { // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, dep)
}

type CacheReconciler struct {
	client.Client
}

// SetupWithManager watches a source whose kind is a type parameter: what it
// watches is not known, and the controller is left alone.
func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager, obj client.Object) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Cache{}).
		WatchesRawSource(health.Any(mgr.GetCache(), obj, &handler.TypedEnqueueRequestForObject[client.Object]{})).
		Complete(r)
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := controllerutil.SetControllerReference(c, dep, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, dep)
}
