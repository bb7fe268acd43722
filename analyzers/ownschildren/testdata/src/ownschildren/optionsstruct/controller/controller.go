// A reconciler whose children are reconciled by helpers of another package
// that take the owner and the object in the fields of an options struct.
package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/optionsstruct/resources"
)

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Watched: Owns(&appsv1.Deployment{}).
	dep := appsv1.Deployment{}
	if err := resources.ReconcileResource(ctx, resources.Params{Client: r.Client, Owner: m, Expected: &dep}); err != nil {
		return ctrl.Result{}, err
	}
	if err := resources.ReconcileSecret(ctx, r.Client, corev1.Secret{}, m); err != nil { // want `corev1.Secret is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	p := resources.Params{Client: r.Client, Owner: m, Expected: cm}
	if err := resources.Reconcile(ctx, &p); err != nil { // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	// No owner: not a child.
	return ctrl.Result{}, resources.Annotate(ctx, r.Client, &corev1.ServiceAccount{})
}
