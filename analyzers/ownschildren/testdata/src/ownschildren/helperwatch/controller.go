// Reproduces a controller whose builder is handed to another package's function that adds its Owns (found through facts).
package helperwatch

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
	"ownschildren/helperwatch/watches"
)

type CacheReconciler struct {
	Client client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Client.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	for _, obj := range []client.Object{&corev1.Service{}, &corev1.ConfigMap{}, &corev1.ServiceAccount{}} {
		if err := controllerutil.SetControllerReference(c, obj, r.Client.Scheme()); err != nil {
			return ctrl.Result{}, err
		}
	}
	svc, cm, sa := &corev1.Service{}, &corev1.ConfigMap{}, &corev1.ServiceAccount{}
	if err := controllerutil.SetControllerReference(c, svc, r.Client.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetControllerReference(c, cm, r.Client.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := controllerutil.SetControllerReference(c, sa, r.Client.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	sec := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(c, sec, r.Client.Scheme()); err != nil { // want `corev1.Secret is created with a controller reference to cachev1.Cache but its controller does not watch it`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Client.Create(ctx, sec)
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{})
	watches.Add(b, watches.Options{})
	return b.Complete(r)
}
