// Reproduces controllers that give a generation predicate to one watch of a child (Owns or Watches with builder.WithPredicates) instead of a builder-wide filter: the child's status and metadata changes are dropped all the same. A label predicate on Owns, or a generation predicate on For, is left alone.
package watchfilter

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	cachev1 "driftgate/api/v1"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Create(ctx, &appsv1.Deployment{}); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, &corev1.ConfigMap{}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, &corev1.Service{})
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `a generation-changed predicate on Owns drops the updates of the Deployment that do not change its generation`
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.LabelChangedPredicate{})).
		Watches(&corev1.Service{},
			handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Memcached{}, handler.OnlyControllerOwner()),
			builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{}))). // want `a generation-changed predicate on Watches drops the updates of the Service`
		Complete(r)
}
