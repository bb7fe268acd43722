// Package driftgate defines an Analyzer that reports generation gating that
// keeps a controller from repairing its children.
//
// # Analyzer driftgate
//
// driftgate: skipping on unchanged generation must not skip drift repair
//
// metadata.generation changes only when an object's spec changes. A
// reconciler that creates controlled children and returns early when
// generation equals status.observedGeneration never repairs a child that was
// deleted or edited: the deleted child is not recreated until someone
// changes the parent's spec. For the same reason, a builder-wide
// WithEventFilter(predicate.GenerationChangedPredicate{}) on a controller
// that Owns or Watches children drops the children's update events (a
// child's status and metadata changes do not bump its generation).
//
// The analyzer reports:
//
//   - in the Reconcile method of a reconciler that has controlled children
//     (see ownschildren), a return inside an if whose condition tests that
//     generation equals observed generation (obj.Generation,
//     obj.GetGeneration(), status.ObservedGeneration, a condition's
//     ObservedGeneration, in either order, also under && or ||, or a helper
//     that returns such a test, in another package through facts), when the
//     return can be reached from the function's entry, in the control-flow
//     graph, without creating, applying, reading or checking any child
//     (category "generation-gate");
//   - WithEventFilter given a generation-changed predicate
//     (predicate.GenerationChangedPredicate{}, its typed form, the struct of
//     controller-runtime before v0.18, inside predicate.Or or predicate.And,
//     or through a variable; or an operator's own: a predicate.Funcs whose
//     UpdateFunc compares generations only (after a nil guard, whatever
//     it returns: an update event always has both objects), a type whose
//     Update method does,
//     or a function returning one, in another package through facts) on a
//     builder that also has Owns or Watches; when the predicate is a plain
//     literal and For is in the same expression, a suggested fix moves it to
//     For(..., builder.WithPredicates(...)) (category "event-filter");
//   - such a predicate given to one watch of a child with
//     builder.WithPredicates: Owns, or Watches of a child kind or with
//     handler.EnqueueRequestForOwner; it drops that child's updates as a
//     builder-wide filter does (category "watch-filter");
//   - WithEventFilter given a predicate that lets only one kind's objects
//     through (a function that returns false unless its object asserts to
//     one concrete type, given to predicate.NewPredicateFuncs or a
//     framework's wrapper of one function, or returned by a function of
//     the package or, through facts, of another) on a builder that Owns or
//     watches children of another kind: every event of those children,
//     creations and deletions too, is dropped (category "kind-filter"). A
//     predicate joined with others (predicate.Or, or any wrapper of
//     several) or inverted (predicate.Not) is left alone.
//
// A generation-changed predicate filters updates only: creations and
// deletions of children still pass, and a child's spec edit bumps its
// generation; what it drops are status and metadata changes, and the edits
// of children without a spec generation (a ConfigMap's or Secret's data),
// as a real API server shows (runtime/internal/evidence). When a
// controller's only children are Jobs, which it runs once rather than
// repairs, the finding says what is true of them: a Job's completion or
// failure is seen only at the controller's next reconcile (a RequeueAfter
// poll). When the reconciler polls (every pass that reaches the owner
// references of the children whose events are dropped, succeeds on a live
// object and is not paused returns RequeueAfter or Requeue; a return at a
// gate before them repairs nothing, filtered or not), a dropped change is
// repaired at its next poll: the event filter's finding says so, with the
// interval when it is a constant (category "event-filter-polled").
//
// Not reported: gating that checks the children first (drift.MissingChildren,
// a Get or List of the children, or a helper that does), predicates given to
// For only, reconcilers without controlled children, and filters on the
// watches of an owned kind that the reconciler never creates or applies
// (directly or through helpers of any package) while it makes no object of
// a kind unknown to the analysis: such an Owns, left over from a scaffold,
// watches no child the reconciler repairs.
//
// At run time: the example operator's TestSelfHealingWebsiteDeploymentDeleted
// and TestSelfHealingWebsiteDeploymentEdited (examples/scenarios) show the
// generation check failing deletiontest.SelfHealing and the event filter
// failing deletiontest.SelfHealingEdit: the Website's deleted or relabelled
// Deployment is not repaired.
//
// Bad:
//
//	if m.Generation == m.Status.ObservedGeneration {
//		return ctrl.Result{}, nil // reported
//	}
//	return ctrl.Result{}, r.ensureDeployment(ctx, m)
//
//	ctrl.NewControllerManagedBy(mgr).
//		For(&cachev1.Memcached{}).
//		Owns(&appsv1.Deployment{}).
//		WithEventFilter(predicate.GenerationChangedPredicate{}). // reported
//		Complete(r)
//
// Good:
//
//	missing, err := drift.MissingChildren(ctx, r.Client, m, &appsv1.Deployment{...})
//	if err != nil {
//		return ctrl.Result{}, err
//	}
//	if m.Generation == m.Status.ObservedGeneration && len(missing) == 0 {
//		return ctrl.Result{}, nil
//	}
//
//	ctrl.NewControllerManagedBy(mgr).
//		For(&cachev1.Memcached{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
//		Owns(&appsv1.Deployment{}).
//		Complete(r)
//
// # Categories
//
//   - generation-gate: a return in Reconcile, taken when generation equals
//     the observed generation, that skips the children.
//   - event-filter: a builder-wide WithEventFilter given a
//     generation-changed predicate on a builder that has Owns or Watches.
//   - event-filter-polled: the same on a controller whose reconciler polls,
//     which repairs a dropped change within one interval.
//   - watch-filter: such a predicate given to one watch of a child.
//   - kind-filter: a builder-wide WithEventFilter whose predicate lets
//     only one kind through, on a builder that watches children of another.
//
// # Settings
//
// None of its own. The suite-wide settings (include-generated,
// dependency-errors, deletion-checks, entry-points, deletion-entry-points,
// exclude; docs/configuration.md) apply to every rule.
package driftgate
