// Reproduces operator-sdk's early scaffolding: the controller is built in a setup function that takes a reconcile.Reconciler (an interface), for the package's one reconciler type, which creates a ConfigMap with a controller reference that the builder does not watch.
package ifacerecon

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	cachev1 "ownschildren/api/v1"
)

// add builds the controller for r.
func add(mgr manager.Manager, r reconcile.Reconciler) error {
	return builder.ControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Complete(r)
}

type ReconcileMemcached struct {
	client client.Client
	scheme *runtime.Scheme
}

func (r *ReconcileMemcached) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.client.Get(ctx, req.NamespacedName, m); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(m, cm, r.scheme); err != nil { // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.client.Create(ctx, cm)
}
