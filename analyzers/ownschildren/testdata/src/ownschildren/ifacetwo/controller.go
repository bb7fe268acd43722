// A setup function taking a reconcile.Reconciler in a package with two reconciler types: which one it is built for cannot be told, so nothing is reported.
package ifacetwo

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

func add(mgr manager.Manager, r reconcile.Reconciler) error {
	return builder.ControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Complete(r)
}

type First struct {
	client client.Client
	scheme *runtime.Scheme
}

func (r *First) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &cachev1.Memcached{}
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(m, cm, r.scheme); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.client.Create(ctx, cm)
}

type Second struct{ First }

func (r *Second) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}
