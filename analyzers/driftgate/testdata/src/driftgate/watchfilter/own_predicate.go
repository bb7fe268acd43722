// Reproduces operators whose own predicates compare generations only, under names of their own: a predicate.Funcs literal, a type embedding predicate.Funcs with its own Update, and a function returning one. They drop what GenerationChangedPredicate drops; one that also lets label changes through is left alone.
package watchfilter

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	cachev1 "driftgate/api/v1"
)

// specChanged lets an update through when the spec changed.
type specChanged struct { // want specChanged:"generationPredicate"
	predicate.Funcs
}

func (specChanged) Update(e event.UpdateEvent) bool {
	if e.ObjectOld == nil || e.ObjectNew == nil {
		return false
	}
	return e.ObjectNew.GetGeneration() != e.ObjectOld.GetGeneration()
}

// ignoreStatus returns the operator's spec-only predicate.
func ignoreStatus() predicate.Predicate { // want ignoreStatus:"generationPredicate"
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
		},
	}
}

// guardedSpec lets events without objects through before comparing
// generations: no real update has none, so it drops what specChanged does.
var guardedSpec = predicate.Funcs{
	UpdateFunc: func(e event.UpdateEvent) bool {
		if e.ObjectOld == nil || e.ObjectNew == nil {
			return true
		}
		return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
	},
}

// specOrLabels lets label changes through too.
var specOrLabels = predicate.Funcs{
	UpdateFunc: func(e event.UpdateEvent) bool {
		return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration() || len(e.ObjectOld.GetLabels()) != len(e.ObjectNew.GetLabels())
	},
}

type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	for _, child := range []client.Object{&appsv1.Deployment{}, &corev1.Service{}, &corev1.ConfigMap{}} {
		if err := r.Create(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}, builder.WithPredicates(specChanged{})). // want `a generation-changed predicate on Owns drops the updates of the Deployment`
		Owns(&corev1.Service{}, builder.WithPredicates(specOrLabels)).
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(guardedSpec)). // want `a generation-changed predicate on Owns drops the updates of the ConfigMap`
		WithEventFilter(ignoreStatus()).                                // want `WithEventFilter with a generation-changed predicate filters the events of every watched object`
		Complete(r)
}
