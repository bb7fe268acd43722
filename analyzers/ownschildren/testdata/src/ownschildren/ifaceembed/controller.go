// Reproduces a controller whose builder is handed to a plugin interface of
// another package whose only implementation has the method by embedding: the
// plugin's watches are the embedded method's.
package ifaceembed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
	"ownschildren/ifaceembed/plugins"
)

type Reconciler struct {
	client.Client
	Plugin plugins.Plugin
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sa := &corev1.ServiceAccount{}
	if err := controllerutil.SetControllerReference(m, sa, r.Scheme()); err != nil { // want `corev1.ServiceAccount is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, sa); err != nil {
		return ctrl.Result{}, err
	}
	s := &corev1.Secret{} // watched through the plugin's embedded Watch
	if err := controllerutil.SetControllerReference(m, s, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, s)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{})
	r.Plugin.Watch(b)
	return b.Complete(r)
}
