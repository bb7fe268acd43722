// Package foregrounddeletion defines an Analyzer that reports deletions of
// dependents that the deleting object never sees through.
//
// # Analyzer foregrounddeletion
//
// foregrounddeletion: deleting dependents must be observable
//
// When a reconciler deletes the objects it manages and then removes its own
// finalizer without confirming that they are gone, a deletion that fails,
// or that waits on the dependent's own finalizers, goes unnoticed: the
// owner disappears first, and a dependent that never goes (and what it
// holds) is left behind with nothing on the owner to show it. A failed
// Delete whose error is dropped leaks the dependent; one that was accepted
// leaves it to whoever releases its own finalizers, and the message says
// which of the two it is.
//
// In deletion code (code that runs only while the reconciled object is
// being deleted, found by control flow and call graph), the analyzer
// reports (category "unobserved") a client Delete of a dependent (a
// controller-runtime client's Delete or DeleteAllOf, or a typed clientset's
// Delete by name or DeleteCollection, with or without a context), directly
// or in a helper (of the package, or of another package by a fact: a
// helper package's DeleteVolume, or a generic DeleteEach judged by the
// objects each call hands it; or behind an interface method, by the
// package's implementations of it: parts of a reconciler, each with a
// Cleanup method, called in a loop), followed on some path by
// the removal of the deleting object's finalizer with no read of the
// dependent's type in between (a Get or List, a typed clientset's or a
// lister's, or a function of any package that takes a client and returns
// objects of that type, alone, in a slice or in a list; a not-found ends
// it; so does the Delete's own not-found: a removal only on the branch
// where IsNotFound holds for the error the Delete, or a helper whose only
// error is the Delete's, returned, follows no deletion) and no return (a requeue that
// waits), or by a return after which a
// later pass removes it: the pass that deletes records a constant in a
// field of the object's status (db.Status.Phase = PhaseVolumesDeleted, or
// a condition set true with meta.SetStatusCondition) and a branch of the
// deletion code that tests that value (if, a case of a switch on the
// field, meta.IsStatusConditionTrue) removes the finalizer with no read of
// the dependent's type before it. A Finalize method of a finalizer registered
// with controller-runtime's finalizer registry (pkg/finalizer) is deletion
// code whose return without an error is the removal: the registry removes
// the finalizer as soon as Finalize succeeds. Using cascade.DeleteAndWait
// counts as observing; in a helper that deletes, only a read after the
// Delete does, so dependents selected by label or listed through an index
// and deleted one by one are reported too. A Delete whose failure is
// observed, of a built-in kind that carries no finalizer that can hold it
// for good (ConfigMap, Secret, Deployment, Job, ...; a PersistentVolumeClaim
// or PersistentVolume too, whose protection finalizer the API server
// removes once no Pod or claim uses it; not a Pod, Service or Namespace, nor
// a kind the package adds a finalizer to, unless the deletion code releases
// that finalizer from the object before deleting it), is not: a
// success leaves nothing behind, and a failure is either returned (and
// retried) or keeps the finalizer (the branch that tests the error
// returns, the removal sits on the success branch only, or a loop over the
// finalizers appends the failed one to the list it writes back, also when
// each cleanup's error is assigned in a case of a switch over the
// finalizer names and tested after the switch). A Delete
// whose failure is observed, of another project's kind (neither this
// package's project's, nor Kubernetes') that the package gives no
// finalizer, is reported in a category of its own
// ("unobserved-foreign-kind"): whether it can wait on finalizers is up to
// that project's controller, and the message says so. One of the
// project's own kinds that no code in scope (the package and its imports)
// gives a finalizer is judged where the whole module is seen: the Delete
// is passed on in a package fact, and the first package that also sees
// code of the module add a finalizer to that kind (the manager's main,
// setting up the kind's controller from a sibling package) reports it
// where it sets up the deleting controller, naming the deleting function,
// the Delete and the finalizer removal (unless that package knows the
// dependent for the deleting object's owner, see below); when no package
// does, the
// dependent has no finalizer and an accepted Delete leaves nothing
// behind. (A finalizer added only by another program of the project, a
// node agent built from packages the manager never imports, is not seen.)
// An object of
// interface type (client.Object) has the kinds its function gives it: the
// literals of a map or slice it is taken from, the results of generators;
// a helper's Delete of its parameter is judged at each call by the object
// that call passes; the message names them, or says that the kind is not
// known; so does an unstructured or metadata-only object given its kind by
// a constant, or by its helper's callers. An object whose
// owner references the deletion code edits before deleting it (dropping
// the deleting object from a shared object's owners, in place or through
// a helper of the package given the object) is released, not a
// dependent, and is not reported; nor is an object deleted through another
// cluster's client (a workload cluster's, from a cache of cluster clients
// or client.New) of a type the package never makes (a workload cluster's
// Node): it belongs to that cluster. One the package makes there (a
// multi-cluster operator's members) is a dependent all the more: no
// garbage collector reaches it from here, only the finalizer can wait.
// Nor is the deleting object's owner a dependent: an object of a kind that
// code in scope (the package, or a dependency by its fact) gives the
// deleting object's kind an owner reference to, a controller's or a plain
// one, on objects it creates or only updates (a Pod that marks its parent
// for deletion so that the parent's controller does not make it again; a
// Node that deletes the claim that adopted it): the owner's deletion is
// its own controller's to finish.
//
// Only paths that can reach the removal count: the guards a path meets
// after the Delete are followed. A helper whose bool result is false on
// every return after one of its Deletes (done only when nothing was left
// to delete; a Delete of a kind with no finalizer of its own, such as a
// Secret cleaned up on the last pass, may come before a true) makes its caller's `if !done { return ... }`, or
// `if !r.cleanup(ctx, obj) { return ... }`, a requeue, and a
// Delete in a range over a list makes `if len(list) > 0 { return ... }`
// one, since on that path something was deleted; so does a count given by
// a method of the value the list was drawn from (children := s.owned();
// ... if s.pending() > 0 { return ... }), when the counting method reads
// every collection of the value that the listing method drew from (a count
// that leaves out the MachinePools it listed and deleted waits for none of
// them). Helpers are followed within the package.
//
// It also reports (category "ignoredpolicy") a Delete in deletion code whose
// propagation policy is hard-coded or left to the default while the
// deleting object's API type has a field that holds a propagation policy
// (metav1.DeletionPropagation, or a type with Foreground and Background
// values such as Crossplane's compositeDeletePolicy) that the package never
// reads: the user's choice is ignored.
//
// It also reports (category "orphanedpods"), anywhere in the package, a
// Delete (DeleteAllOf, a typed client's DeleteCollection) of batch/v1 Jobs
// that passes no propagation policy, through controller-runtime's client
// or a typed client of Jobs (client-go's, before or after it took a
// context, or any interface whose Get takes metav1.GetOptions and returns
// a Job, such as a generated controller's Delete(namespace, name,
// &metav1.DeleteOptions{})): for Jobs the API server's default is to
// orphan their Pods (kubectl sends background, a client sends nothing), so
// the Pods keep running and are never cleaned up. An unstructured or
// metadata-only object (metav1.PartialObjectMetadata) given the kind Job by
// a constant (SetGroupVersionKind on it, or on the list it is taken from)
// is a Job. A Delete of an unstructured object decoded from data (a rendered manifest) may be of a
// Job and is reported too, outside _test.go files (a test's cleanup of the
// fixtures its own data names) and unless a test of its kind around the
// Delete names another kind (u.GetKind() == "RoleBinding", a case of
// switch u.GetKind()). A Delete given
// client.PropagationPolicy(metav1.DeletePropagationBackground) (or
// Foreground), metav1.DeleteOptions with PropagationPolicy, or options its
// caller passes is not, nor is one in a function that deletes Pods itself,
// directly or through the package's functions it calls (DeleteAllOf Pods
// by the Job's label, a List and a Delete of each): the code cleans up
// what the API server orphans.
//
// At run time: the example operator's TestForegroundCascadeWebsite
// (examples/scenarios) shows that deletiontest.ForegroundCascade does not
// catch this bug: with the owner deleted in the foreground, the garbage
// collector itself waits for the dependents whose owner reference blocks owner
// deletion. The bug shows in a background deletion, where its effect (the
// example's Route leaking its DNS record) depends on a race.
//
// Bad:
//
//	if err := r.Delete(ctx, child); client.IgnoreNotFound(err) != nil {
//		return ctrl.Result{}, err
//	}
//	controllerutil.RemoveFinalizer(obj, finalizerName)
//
// Good:
//
//	gone, err := cascade.DeleteAndWait(ctx, r.Client, child, metav1.DeletePropagationForeground)
//	if err != nil || !gone {
//		return ctrl.Result{RequeueAfter: 5 * time.Second}, err
//	}
//	controllerutil.RemoveFinalizer(obj, finalizerName)
//
// # Categories
//
//   - unobserved: a Delete of a dependent followed by the removal of the
//     finalizer without seeing the dependent gone.
//   - unobserved-foreign-kind: the same, when the failure is observed and
//     the dependent is of another project's kind that nothing here gives a
//     finalizer: a real but conditional consequence, which users may rate
//     lower.
//   - ignoredpolicy: a Delete in deletion code that ignores the propagation
//     policy field of the deleting object's API type.
//   - orphanedpods: a Delete of Jobs with no propagation policy, which
//     orphans their Pods.
//
// # Settings
//
// None of its own. The suite-wide settings (include-generated,
// dependency-errors, deletion-checks, entry-points, deletion-entry-points,
// exclude; docs/configuration.md) apply to every rule.
package foregrounddeletion
