// Reproduces controllers that hand an owner and a child to a library
// constructor that keeps both in fields and sets the controller reference
// later, in a method called through the interface it returns: the
// constructor's call is where the child gets its owner. The controller that
// does not watch the child is reported; the one that watches it is not, nor
// the one whose constructor only copies labels between the objects it keeps.
package keptchild

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/keptchild/lib"
)

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	dep.Name, dep.Namespace = m.Name, m.Namespace
	syncers := []lib.Syncer{
		lib.NewChildSyncer(m, dep, r.Client, r.Scheme()), // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it`
	}
	return ctrl.Result{}, lib.SyncAll(ctx, syncers...)
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}

type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	dep.Name, dep.Namespace = c.Name, c.Namespace
	return ctrl.Result{}, lib.NewChildSyncer(c, dep, r.Client, r.Scheme()).Sync(ctx)
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}).Owns(&appsv1.Deployment{}).Complete(r)
}

type LabelReconciler struct {
	client.Client
}

func (r *LabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Name + "-settings"}, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, lib.NewLabelCopier(m, cm, r.Client).Sync(ctx)
}

func (r *LabelReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
