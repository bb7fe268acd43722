// Controllers built with a project's wrapper of the builder are checked as
// builder chains are.
package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
	"ownschildren/wrapper/ctrlutil"
)

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) SetupWithManager(ctx context.Context, mgr ctrl.Manager) error {
	b := ctrlutil.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		WithRateLimitInterval(5)
	b = b.Owns(&appsv1.Deployment{})
	return b.Complete(ctx, r)
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{} // watched
	if err := controllerutil.SetControllerReference(m, dep, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, dep); err != nil {
		return ctrl.Result{}, err
	}
	s := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(m, s, r.Scheme()); err != nil { // want `corev1.Secret is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, s)
}

type CacheReconciler struct {
	client.Client
}

// SetupWithManager hands the wrapper to a function value, which may watch
// anything: the controller is left alone.
func (r *CacheReconciler) SetupWithManager(ctx context.Context, mgr ctrl.Manager, more func(*ctrlutil.Builder)) error {
	b := ctrlutil.NewControllerManagedBy(mgr).For(&cachev1.Cache{})
	more(b)
	return b.Complete(ctx, r)
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(c, s, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, s)
}
