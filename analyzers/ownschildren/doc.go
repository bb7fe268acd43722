// Package ownschildren defines an Analyzer that reports controllers that do
// not watch the children they create.
//
// # Analyzer ownschildren
//
// ownschildren: a controller watches what it creates
//
// A reconciler that creates child objects with a controller owner reference
// to the object it reconciles must be told when a child is deleted or
// changed: that is what lets it repair the child at once. The controller's
// builder gets those events from Owns(&Child{}) (or Watches(&Child{},
// handler.EnqueueRequestForOwner(...))). Without a watch, a deleted child
// comes back only at the next periodic resync, or never.
//
// The analyzer finds each controller's builder chain (ctrl.NewControllerManagedBy,
// builder.ControllerManagedBy or builder.TypedControllerManagedBy, then For,
// Owns, Watches, ... and Complete or Build; or the same calls on a project's
// wrapper of the builder, a struct that holds one and whose methods stand
// for its methods), also when it is split across
// statements and variables or extended by helper functions of the same
// package the builder is passed to, and the reconciler given to Complete or
// Build. A controller made without a builder, by controller.New or a
// project's helper around it, counts too: its watches are the Watch calls
// made on it, in its function, in helpers of the package it is passed to
// and, by facts, in other packages' helpers; the object it reconciles is the
// one its Watch hands to handler.EnqueueRequestForObject. The controllers
// the package makes for one reconciler type (a controller.New in an add
// function beside a scaffold's builder in SetupWithManager, of which the
// manager runs one) all bring it back: a child is unwatched only when none
// of them watches it, and is reported once. A builder without
// For (the reconciled object watched with Watches and a handler of the
// project's own) may reconcile any kind it Watches: for each, only the
// children given a controller reference to that very kind count, and the
// message names the Watches call to add, since Owns needs For. A raw source
// (WatchesRawSource, a controller's Watch) watches the kinds its literals
// name or, when a helper makes it, the kinds the helper's source.Kind
// watches (none for a channel of events, such as a cluster-health source),
// known by facts. It then finds the kinds that reconciler's methods and the helpers
// they call (in the same package by the call graph, in others by facts)
// give a controller owner reference to the reconciled object
// (controllerutil.SetControllerReference, ownership.SetControllerReference,
// ownership.EnsureChild, or a controller OwnerReference put in the child's
// ownerReferences; also on the child's metadata, &child.ObjectMeta, as
// ownership helpers of operators take it; also through helpers that take
// the owner and the child in the fields of an options struct, generators
// of another package given the owner's reference, a list of resource
// builders behind an interface, a library that keeps the owner from its
// constructor (the owner is the constructor's argument at each call), or
// the owner and the child both, for a method of what it returns (itself or
// an interface) that creates the child with a controller reference to the
// owner (the constructor's call stands for the creation), an
// apply configuration's WithOwnerReferences) and create or
// apply (client Create and Apply, Patch with a server-side apply patch,
// controllerutil.CreateOrUpdate or CreateOrPatch, ownership.EnsureChild, or
// a typed clientset's Create, Apply or apply Patch); see the children
// analysis for the kinds of objects of interface and unstructured type,
// among them the manifests the package embeds with //go:embed, decoded
// into unstructured objects or runtime.Object: their kinds are those of
// the YAML documents (the file a constant name reads, or the one file
// embedded), Kubernetes' own or custom resources whose API package the
// controller's package reaches; and objects collected in a struct field
// (a builder's Objects []client.Object) and created in a loop over it:
// the kinds the package's code stores there.
// Kinds compare as the API server knows them, by group and kind: a child
// created through one API version's Go type is watched by an Owns or
// Watches of another version's type of the same group (a package's group is
// its GroupVersion or SchemeGroupVersion, its GroupName constant or its
// +groupName marker; a package that declares none keeps its kinds apart by
// Go type).
// Each kind the chain does not watch is reported once per controller,
// where its owner reference is set (at the call of a helper that takes
// the owner as client.Object, for the kind each caller passes, with the
// helper named as a related position, and, when the helper sets it
// through helpers of its own, in its package or others, the function at
// the end of that chain and the line), with a suggested fix that adds
// .Owns(&pkg.Kind{}) after For when the chain is a single expression (for a
// controller made without a builder, the message names the Watch call to
// add). Builders of controller-runtime before v0.18 (a struct Builder,
// Watches taking a source) count as the current ones.
//
// When the reconciler polls (every pass that reaches the child's owner
// reference and succeeds on a live object: a return before it, at a gate
// such as an owner not found or not ready yet, makes nothing with a watch
// or without, so it does not count; each such pass
// returns ctrl.Result{RequeueAfter: d} or Requeue: true, directly, through
// a local variable every value of which does so, or through the functions
// it returns, of its package or of another such as an operator's requeue
// helpers; a step's result or error returned only when it failed or asks
// for a pass (if err != nil || !res.IsZero()) asks for a pass too; the
// deletion branch, a missing object and a pass the user paused or skipped
// (a branch on IsPaused, ShouldSkipReconcile, a paused annotation) aside),
// an unwatched child is
// repaired at its next poll: the finding says so, with the interval when
// it is a constant, under the category "unwatched-child-polled", which
// users may rate apart.
//
// When the controller watches Pods through a handler of its own that maps
// them to the objects it reconciles (Watches(&corev1.Pod{},
// handler.EnqueueRequestsFromMapFunc(...)), not EnqueueRequestForOwner,
// which maps a workload's Pods to the workload), an unwatched Deployment,
// StatefulSet, DaemonSet or ReplicaSet that is deleted takes its Pods with
// it, and their events bring the reconciler back (unless the watch's
// predicate.Funcs drops deletions: DeleteFunc returns false): only a
// changed one waits for the next resync. The finding says so, under the category
// "unwatched-child-changes".
//
// An Owns(&Child{}) of a kind the reconciler creates for its object with a
// plain owner reference only (controllerutil.SetOwnerReference, a literal
// without Controller; no controller reference, no other owner) is reported
// too (category "owns-plain-reference"): Owns matches controller
// references, so it enqueues nothing for those children unless it is given
// builder.MatchEveryOwner.
//
// Not reported: objects created without a controller reference, references
// to an owner other than the reconciled kind, the reconciled kind itself (an
// object adopting itself under a parent), unstructured children (watched
// dynamically, as Cluster API's external tracker does), objects written
// through a client obtained in the function (such as a workload cluster's
// client), controllers whose builder or controller is passed to code the
// analysis cannot see or kept in a field (watches may be added later), and
// controllers made without a builder none of whose watches enqueues the
// watched object itself, builders without For whose children are
// owned by no kind they watch (which object they reconcile is not told),
// and children made only on paths where a lookup of an object of a watched
// kind found it absent (if the Pod is not found, make its Secret and then
// the Pod; in the function or through every call of the helper that makes
// them): such a child comes back with the watched object, and a watch of
// it would not bring it back while that object exists. Nor are children of
// a kind the operator gives a time to live after they finish (a field
// TTLSecondsAfterFinished set, at any depth of the object, anywhere in the
// package or its dependencies, as a batch/v1 Job's spec has it): such a
// child deletes itself once done, its deletion is by design, and a watch
// would only bring back what is meant to go. Nor are records of one run:
// children named from a point in time (the clock, or a schedule's slot
// computed from it: fmt.Sprintf("%s-%s", owner.Name, slot.Format(...)),
// through the object's literal, its constructor's arguments, an assignment
// to its name or SetName, local variables and every caller's argument), as
// a backup schedule names each backup: each run names a new object and no
// pass makes a deleted one again, so a watch would repair nothing. A name
// taken from the owner's creation timestamp stays the same for its life and
// does not make a record. Nor are cluster-scoped
// children of a namespaced owner (a PersistentVolume, an IngressClass):
// such a reference is one the garbage collector cannot resolve, and no
// watch maps the child back to its owner, so Owns would not help.
//
// At run time: the example operator's TestSelfHealingSiteConfigMap and
// TestSelfHealingWebsiteRoute (examples/scenarios) show this bug failing
// deletiontest.SelfHealing: the deleted child is not recreated, and its owner
// is not even reconciled.
//
// Bad:
//
//	func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
//		return ctrl.NewControllerManagedBy(mgr).
//			For(&cachev1.Memcached{}).
//			Complete(r)
//	}
//
//	func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		...
//		dep := &appsv1.Deployment{...}
//		if err := ctrl.SetControllerReference(m, dep, r.Scheme); err != nil { // reported
//			return ctrl.Result{}, err
//		}
//		return ctrl.Result{}, r.Create(ctx, dep)
//	}
//
// Good:
//
//	return ctrl.NewControllerManagedBy(mgr).
//		For(&cachev1.Memcached{}).
//		Owns(&appsv1.Deployment{}).
//		Complete(r)
//
// # Categories
//
//   - unwatched-child: a kind the reconciler gives a controller reference to
//     its object and the controller does not watch.
//   - unwatched-child-polled: the same, in a controller whose reconciler
//     polls, which repairs the child within one interval.
//   - unwatched-child-changes: an unwatched workload (Deployment,
//     StatefulSet, DaemonSet, ReplicaSet) of a controller that maps the
//     Pods it watches to its objects: a deleted one is repaired when its
//     Pods go, a changed one at the next resync.
//   - unwatched-history: an unwatched ControllerRevision, a snapshot of the
//     owner's history that cannot be changed: a deleted one is noticed at
//     the owner's next reconcile, and an old one deleted is history that no
//     watch restores.
//   - owns-plain-reference: an Owns of a kind whose children get a plain
//     owner reference only, so that it matches none of them.
//
// # Settings
//
// None of its own. The suite-wide settings (include-generated,
// dependency-errors, deletion-checks, entry-points, deletion-entry-points,
// exclude; docs/configuration.md) apply to every rule.
package ownschildren
