// Reproduces event filters assigned to a variable first and combined with predicate.Or, on a controller extended with Watches.
package filter

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	cachev1 "driftgate/api/v1"
)

type WrappedReconciler struct {
	client.Client
}

func (r *WrappedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, r.Create(ctx, &corev1.Secret{})
}

func (r *WrappedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	filter := predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{})
	b := builder.ControllerManagedBy(mgr).For(&cachev1.Memcached{})
	addWatches(mgr, b)
	b.WithEventFilter(filter) // want `WithEventFilter with a generation-changed predicate`
	return b.Complete(r)
}

func addWatches(mgr ctrl.Manager, b *builder.Builder) {
	b.Watches(&corev1.Secret{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Memcached{}))
}

type TypedReconciler struct {
	client.Client
}

func (r *TypedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, r.Create(ctx, &corev1.ConfigMap{})
}

func (r *TypedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	_, err := builder.TypedControllerManagedBy[reconcile.Request](mgr).
		For(&cachev1.Cache{}).
		Owns(&corev1.ConfigMap{}).
		WithEventFilter(predicate.And(predicate.TypedGenerationChangedPredicate[client.Object]{})). // want `WithEventFilter with a generation-changed predicate`
		Build(r)
	return err
}
