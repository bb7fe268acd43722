// Controllers whose watches cannot all be seen are left alone: one kept in
// a field (a watch may be added later, when a referenced kind shows up),
// one handed to a function value, one whose events are all mapped by a
// function (which object it reconciles is not told).
package stored

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	cachev1 "ownschildren/api/v1"
)

type MemcachedReconciler struct {
	client     client.Client
	scheme     *runtime.Scheme
	controller controller.Controller
}

func (r *MemcachedReconciler) SetupWithManager(mgr manager.Manager) error {
	c, err := controller.New("memcached", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	r.controller = c
	return c.Watch(source.Kind(mgr.GetCache(), &cachev1.Memcached{}, &handler.TypedEnqueueRequestForObject[*cachev1.Memcached]{}))
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.client.Get(ctx, req.NamespacedName, m); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(m, s, r.scheme); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.client.Create(ctx, s)
}

type CacheReconciler struct {
	client client.Client
	scheme *runtime.Scheme
	extra  func(controller.Controller) error
}

func (r *CacheReconciler) SetupWithManager(mgr manager.Manager) error {
	c, err := controller.New("cache", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	if err := c.Watch(source.Kind(mgr.GetCache(), &cachev1.Cache{}, &handler.TypedEnqueueRequestForObject[*cachev1.Cache]{})); err != nil {
		return err
	}
	return r.extra(c)
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	cc := &cachev1.Cache{}
	if err := r.client.Get(ctx, req.NamespacedName, cc); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(cc, s, r.scheme); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.client.Create(ctx, s)
}

type MappedReconciler struct {
	client client.Client
	scheme *runtime.Scheme
}

func (r *MappedReconciler) SetupWithManager(mgr manager.Manager) error {
	c, err := controller.New("mapped", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &cachev1.Memcached{},
		handler.TypedEnqueueRequestsFromMapFunc(func(ctx context.Context, m *cachev1.Memcached) []reconcile.Request {
			return []reconcile.Request{{NamespacedName: client.ObjectKey{Namespace: m.Namespace, Name: "all"}}}
		})))
}

func (r *MappedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.client.Get(ctx, req.NamespacedName, m); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(m, s, r.scheme); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.client.Create(ctx, s)
}
