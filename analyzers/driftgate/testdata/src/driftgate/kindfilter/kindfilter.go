// Reproduces controllers that give their builder a WithEventFilter whose predicate accepts only the reconciled kind (a type assertion that returns false otherwise, through a framework's wrapper or predicate.NewPredicateFuncs): every event of the children it owns is dropped, creations and deletions too. The same predicate given to For only, joined with Or to another, inverted, a predicate of no kind, or a builder with no children is left alone.
package kindfilter

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	cachev1 "driftgate/api/v1"
	"driftgate/kindfilter/fw"
	"driftgate/kindfilter/watch"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Create(ctx, &appsv1.StatefulSet{}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, &appsv1.Deployment{})
}

// Through a wrapper and a predicate of another package.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		WithEventFilter(fw.NewPredicates(watch.Primary())). // want `^WithEventFilter with a predicate that lets only cachev1.Memcached objects through filters the events of every watched object: every event of the appsv1.Deployment this controller watches \(creation, change and deletion\) is dropped, so a deleted or changed one is not repaired until a Memcached changes; give the predicate to For only, with builder.WithPredicates, and let the watch of it through$`
		Complete(r)
}

func isMemcached(o client.Object) bool { // want isMemcached:`kindPredicate\(driftgate/api/v1.Memcached\)`
	_, ok := o.(*cachev1.Memcached)
	return ok
}

// A literal given to predicate.NewPredicateFuncs, two children.
func (r *Reconciler) setupLiteral(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		Owns(&appsv1.StatefulSet{}).
		WithEventFilter(predicate.NewPredicateFuncs(func(o client.Object) bool { // want `lets only cachev1.Memcached objects through filters the events of every watched object: every event of the appsv1.Deployment and appsv1.StatefulSet this controller watches`
			if _, ok := o.(*cachev1.Memcached); !ok {
				return false
			}
			return o.GetName() != ""
		})).
		Complete(r)
}

// A predicate function of another package, by its fact.
func (r *Reconciler) setupImported(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		WithEventFilter(predicate.NewPredicateFuncs(watch.IsCache)). // want `lets only cachev1.Memcached objects through`
		Complete(r)
}

// The same predicate for For only: the children's events pass.
func (r *Reconciler) setupForOnly(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}, builder.WithPredicates(predicate.NewPredicateFuncs(isMemcached))).
		Owns(&appsv1.Deployment{}, builder.WithPredicates(fw.NewPredicates(watch.Labelled()))).
		Complete(r)
}

func isDeployment(o client.Object) bool { // want isDeployment:`kindPredicate\(k8s.io/api/apps/v1.Deployment\)`
	_, ok := o.(*appsv1.Deployment)
	return ok
}

// Joined with Or to a predicate of the children's kind: they pass.
func (r *Reconciler) setupOr(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		WithEventFilter(predicate.Or(predicate.NewPredicateFuncs(isMemcached), predicate.NewPredicateFuncs(isDeployment))).
		Complete(r)
}

// Inverted: it lets every other kind through.
func (r *Reconciler) setupNot(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		WithEventFilter(predicate.Not(predicate.NewPredicateFuncs(isMemcached))).
		Complete(r)
}

// A predicate of no kind (an assertion to an interface every object
// satisfies, a test of the object's own fields).
func (r *Reconciler) setupNoKind(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.Deployment{}).
		WithEventFilter(predicate.NewPredicateFuncs(func(o client.Object) bool {
			_, ok := o.(metav1.Object)
			return ok
		})).
		WithEventFilter(fw.NewPredicates(watch.Labelled())).
		Complete(r)
}

// No children: nothing else is watched.
func (r *Reconciler) setupAlone(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		WithEventFilter(fw.NewPredicates(watch.Primary())).
		Complete(r)
}
