// Reproduces a controller whose builder is handed to another package's
// function that stores it in a third package's struct, whose method adds
// watches: the kinds no builder call of these packages watches are unwatched.
package storedbuilder

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
	"ownschildren/storedbuilder/index"
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
	if err := controllerutil.SetControllerReference(m, dep, r.Scheme()); err != nil { // want `appsv1.Deployment is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, dep); err != nil {
		return ctrl.Result{}, err
	}
	// Watched by the helper the builder is stored in.
	s := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(m, s, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	// Watched through the helper's watch of the kind its caller names.
	sa := &corev1.ServiceAccount{}
	if err := controllerutil.SetControllerReference(m, sa, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, sa)
}

func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{})
	index.IndexMemcached(b)
	return b.Complete(r)
}
