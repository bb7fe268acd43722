// Reproduces an operator on controller-runtime v0.14, whose GenerationChangedPredicate is a struct of its own and whose owner handler is a struct literal: a builder-wide filter and a per-watch predicate drop the children's updates as on the current API.
package driftgate

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"github.com/example/crv014/api"
)

type ClusterReconciler struct {
	client.Client
}

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Create(ctx, &corev1.Service{}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, &appsv1.StatefulSet{})
}

func (r *ClusterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Cluster{}).
		Owns(&appsv1.StatefulSet{}).
		Watches(&source.Kind{Type: &corev1.Service{}},
										&handler.EnqueueRequestForOwner{OwnerType: &api.Cluster{}, IsController: true},
										builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `a generation-changed predicate on Watches drops the updates of the Service`
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `WithEventFilter with a generation-changed predicate filters the events of every watched object`
		Complete(r)
}
