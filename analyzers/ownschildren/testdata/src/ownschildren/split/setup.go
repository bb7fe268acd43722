// Reproduces a prometheus-operator style setup: the builder is kept in a variable and extended by a helper.
package split

import (
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	cachev1 "ownschildren/api/v1"
)

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := builder.ControllerManagedBy(mgr)
	b = b.For(&cachev1.Cache{}, builder.WithPredicates(predicate.GenerationChangedPredicate{}))
	b = addServiceWatches(b)
	b.Named("cache")
	return b.Complete(r)
}

func addServiceWatches(b *builder.Builder) *builder.Builder {
	return b.Owns(&corev1.Service{})
}
