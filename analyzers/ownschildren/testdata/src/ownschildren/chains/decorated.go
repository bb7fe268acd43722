// Reproduces controllers whose reconciler is given to Complete inside decorators (tracing, metrics): the chain's
// reconciler is the one wrapped, whose methods do the work, unless the decorator is given none or several.
package chains

import (
	ctrl "sigs.k8s.io/controller-runtime"

	cachev1 "ownschildren/api/v1"
	"ownschildren/chains/decorate"
)

func decorated(mgr ctrl.Manager, r *R) error {
	return ctrl.NewControllerManagedBy(mgr). // want `chain For Complete single reconciler=\*chains.R`
							For(&cachev1.Memcached{}).
							Complete(decorate.WithTracing(decorate.WithTracing(r, "inner"), "outer"))
}

func ownDecorator(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr). // want `chain For Complete single reconciler=\*ownschildren/chains/decorate.Traced`
							For(&cachev1.Memcached{}).
							Complete(decorate.New(decorate.Default().Name))
}

func twoWrapped(mgr ctrl.Manager, a, b *R) error {
	return ctrl.NewControllerManagedBy(mgr). // want `chain For Complete single reconciler=\*ownschildren/chains/decorate.Traced`
							For(&cachev1.Memcached{}).
							Complete(decorate.Sequence(a, b))
}
