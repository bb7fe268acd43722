// Reproduces builder-wide generation filters on controllers judged by what
// their reconcilers make: an Owns whose kind the reconciler never creates is
// no child it repairs (silent), while a kind it creates through a helper of
// another package, or objects whose kinds are not known, are (reported).
package filtermade

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	cachev1 "driftgate/api/v1"
	"driftgate/filtermade/manifests"
)

// BucketReconciler keeps an external resource in step and makes no
// object: its Owns of Secrets is left over, and no Secret of its is
// repaired whatever the filter drops.
type BucketReconciler struct {
	client.Client
}

func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	m.Status.ObservedGeneration = m.Generation
	return ctrl.Result{}, r.Status().Update(ctx, m)
}

func (r *BucketReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&corev1.Secret{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}

// SplitReconciler makes Deployments but no Secrets: the filter still
// drops the Deployments' updates.
type SplitReconciler struct {
	client.Client
}

func (r *SplitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, manifests.Ensure(ctx, r.Client, &appsv1.Deployment{})
}

func (r *SplitReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&corev1.Secret{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `a generation-changed predicate on Owns drops the updates of the Deployment`
		WithEventFilter(predicate.GenerationChangedPredicate{}).                                    // want `WithEventFilter with a generation-changed predicate filters the events of every watched object`
		Complete(r)
}

// ManifestReconciler creates objects whose kinds are not known here: any
// of them may be a Secret it owns.
type ManifestReconciler struct {
	client.Client
}

func (r *ManifestReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.apply(ctx)
}

func (r *ManifestReconciler) apply(ctx context.Context) error {
	return manifests.ApplyAll(ctx, r.Client)
}

func (r *ManifestReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&corev1.Secret{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `WithEventFilter with a generation-changed predicate filters the events of every watched object`
		Complete(r)
}
