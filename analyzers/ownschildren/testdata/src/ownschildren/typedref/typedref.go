// Package typedref reproduces a reconciler whose children carry an owner
// reference built by another package's helper for the reconciled type: the
// helper's parameter has that concrete type, so its fact names the owner
// kind. Its builder has no For: only children owned by a kind it watches
// count, so the owner kind must be known.
package typedref

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"

	cachev1 "ownschildren/api/v1"
	"ownschildren/typedref/util"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	svc := &corev1.Service{ // want `corev1.Service is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		ObjectMeta: metav1.ObjectMeta{
			Name:            m.Name,
			OwnerReferences: []metav1.OwnerReference{util.ControllerRefTo(m)},
		},
	}
	if err := r.Create(ctx, svc); err != nil {
		return ctrl.Result{}, err
	}
	// Watched: Watches below.
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{OwnerReferences: []metav1.OwnerReference{util.ControllerRefTo(m)}}}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	// Not a controller reference: no watch needed.
	sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{OwnerReferences: []metav1.OwnerReference{util.ReferenceTo(m)}}}
	return ctrl.Result{}, r.Create(ctx, sa)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Watches(&cachev1.Memcached{}, &handler.EnqueueRequestForObject{}).
		Watches(&corev1.ConfigMap{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Memcached{}, handler.OnlyControllerOwner())).
		Complete(r)
}
