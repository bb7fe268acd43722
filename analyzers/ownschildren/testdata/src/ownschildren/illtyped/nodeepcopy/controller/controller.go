// A controller built on that API package: every use of Memcached as a client.Object is a type error, yet the Deployment it creates with a controller reference and does not watch is still reported, and the ConfigMap it watches is not.
package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"ownschildren/illtyped/nodeepcopy/api"
)

type MemcachedReconciler struct {
	client.Client
}

func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &api.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := ctrl.SetControllerReference(m, dep, r.Scheme()); err != nil { // want `appsv1.Deployment is created with a controller reference to api.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(m, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, dep)
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Memcached{}).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}
