// Reproduces the builder chain shapes of real controllers, for builders.Chains: one expression, variables, helpers, escapes.
package chains

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	cachev1 "ownschildren/api/v1"
	"ownschildren/negative/watchlib"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func single(mgr ctrl.Manager, r *R) error {
	return ctrl.NewControllerManagedBy(mgr). // want `chain For Owns Complete single reconciler=\*chains.R`
							For(&cachev1.Memcached{}).
							Owns(&appsv1.Deployment{}).
							Complete(r)
}

func split(mgr ctrl.Manager, r *R) error {
	b := builder.ControllerManagedBy(mgr) // want `chain Named For Complete Owns Watches reconciler=\*chains.R`
	b = b.Named("split")
	b.For(&cachev1.Memcached{})
	b = withSecrets(mgr, withConfigMaps(b))
	return b.Complete(r)
}

func withConfigMaps(b *builder.Builder) *builder.Builder {
	return b.Owns(&corev1.ConfigMap{})
}

func withSecrets(mgr ctrl.Manager, b *builder.Builder) *builder.Builder {
	b.Watches(&corev1.Secret{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Memcached{}))
	return b
}

func typed(mgr ctrl.Manager, r *R) error {
	_, err := builder.TypedControllerManagedBy[reconcile.Request](mgr).For(&cachev1.Cache{}).Build(r) // want `chain For Build single reconciler=\*chains.R`
	return err
}

func kept(mgr ctrl.Manager, r *R) error {
	c, err := builder.ControllerManagedBy(mgr).For(&cachev1.Cache{}).Build(r) // want `chain For Build single kept reconciler=\*chains.R`
	_ = c
	return err
}

// The builder goes through another package's helper: the chain is escaped and what follows is not attributed to it.
func escaped(mgr ctrl.Manager, r *R) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}) // want `chain For single escaped`
	return watchlib.AddWatches(b).Complete(r)
}

func returned(mgr ctrl.Manager) *builder.Builder {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Cache{}) // want `chain For single escaped`
}
