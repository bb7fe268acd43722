// Reproduces controllers that hand an owner to a library's constructor and create a Deployment through the object it returns: the owner is the constructor's argument at each call. The controller that hands it its Memcached and does not watch Deployments is reported; the one that watches them is not, nor the one that hands it a StatefulSet it made (the Deployment is the StatefulSet's child, not the Memcached's).
package ownerholder

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/ownerholder/lib"
)

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	children := lib.New(r.Client, m, r.Scheme())
	return ctrl.Result{}, children.EnsureDeployment(ctx, &appsv1.Deployment{}) // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it`
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
	return ctrl.Result{}, lib.New(r.Client, c, r.Scheme()).EnsureDeployment(ctx, &appsv1.Deployment{})
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}).Owns(&appsv1.Deployment{}).Complete(r)
}

type TierReconciler struct {
	client.Client
}

func (r *TierReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	tier := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Name + "-tier"}, tier); err != nil {
		return ctrl.Result{}, err
	}
	children := lib.New(r.Client, tier, r.Scheme())
	return ctrl.Result{}, children.EnsureDeployment(ctx, &appsv1.Deployment{})
}

func (r *TierReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&appsv1.StatefulSet{}).Complete(r)
}
