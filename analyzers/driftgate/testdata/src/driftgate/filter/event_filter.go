// Reproduces the kubebuilder habit of a builder-wide WithEventFilter(predicate.GenerationChangedPredicate{}) on a controller that owns Deployments.
package filter

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	cachev1 "driftgate/api/v1"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Create(ctx, &appsv1.Deployment{})
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `WithEventFilter with a generation-changed predicate filters the events of every watched object: updates of the children this controller owns or watches do not change their generation on status or metadata edits, so they are dropped and a changed child is not repaired; give the predicate to For only, with builder.WithPredicates\(predicate.GenerationChangedPredicate\{\}\)`
		Complete(r)
}

var _ = builder.OnlyMetadata
