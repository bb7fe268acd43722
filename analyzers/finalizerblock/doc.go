// Package finalizerblock defines an Analyzer that reports deletions that can
// never remove the object's finalizer once an owner or dependency is gone.
//
// # Analyzer finalizerblock
//
// finalizerblock: a deletion must not wait forever on an owner or dependency that is gone
//
// When an object is being deleted, its controller must reach the code that
// removes its finalizer, or the object is stuck forever. The most common way
// to lose that is a lookup at the top of Reconcile, before the deletion
// branch, that returns when the owner or a dependency is missing: once the
// owner is gone, the object can never be deleted.
//
// In reconcilers that remove a finalizer (controllerutil.RemoveFinalizer, a
// SetFinalizers edit, an assignment of the Finalizers field that drops
// entries as code written before RemoveFinalizer does: obj.Finalizers =
// kept, obj.ObjectMeta.Finalizers = removeString(obj.Finalizers, name);
// the runtime's finalizer.Remove or finalizer.Runner;
// directly, through the package's functions, through functions of other
// packages that release the finalizer of an object passed to them
// (directly or through its accessor: meta.Accessor(obj), or a helper that
// returns it), or through an interface method, such as a deletion backend held in a field,
// one of whose implementations does), in Reconcile and the functions it
// calls, the analyzer reports each return
// taken when an owner or dependency lookup
//
//   - fails with not-found (apierrors.IsNotFound after a client Get of
//     another object, a typed clientset's or a lister's Get(name) with or
//     without a context, Cluster API's GetClusterByName, a helper that
//     Lists by a selector from the spec and returns apierrors.NewNotFound when the
//     list is empty, or searches a List for the item a reference names and
//     returns an error, or no object, when none has it; a helper that
//     answers every failure of a referenced Get with no object and a nil
//     error (if err != nil { return nil, nil }), its callers testing the
//     result for nil; a closure keyed by
//     its parameter, called with a reference; a key that a helper builds
//     from the spec or the owner references, such as an accessor of the
//     API type: r.Get(ctx, w.GadgetKey(), g), or a function that finds an
//     owner's key and says when there is none: key, none, err :=
//     ownerKey(m.ObjectMeta)),
//   - yields no owner (a nil result of Cluster API's GetOwnerCluster,
//     GetOwnerMachine or GetOwnerMachinePool, or of the package's own copy
//     of one: a function returning (*T, error) that ranges over owner
//     references and ends with return nil, nil), or
//   - fails with a dependency-not-found error (deletion.IsDependencyNotFound,
//     the runtime's ownership.GetOwner errors),
//
// on a path where the object may be being deleted (no deletion test has
// excluded it), before the finalizer removal is reached. A reconciler that
// hands its finalizer to a helper that tests deletion itself (adds the
// finalizer on a live object, cleans up and removes it on one being
// deleted) has no deletion test of its own: everything before the helper's
// call runs on deletion passes too. A deletion that releases its
// finalizers by writing back the list of those to keep
// (obj.SetFinalizers(keep), with keep = append(keep, f) for each finalizer
// whose cleanup failed) keeps one on such an append: the append taken when
// the cleanup's lookup fails with not-found is reported as a return is. A
// deletion that collects its cleanups' errors (errs = append(errs, err) in
// the lookup's error branch) and returns them while the collection is not
// empty (if len(errs) > 0 { return ..., errors.Join(errs...) }, or if err
// := errors.Join(errs...); err != nil, with any function that makes one
// error of a slice of them, such as kerrors.NewAggregate) returns on that
// test whenever the lookup fails: that return is reported.
// Paths are found on the control-flow graph, not in text order. Not
// reported: lookups guarded by
// "not deleting", a missing owner or dependency treated as gone (control goes
// on into the deletion branch, or to the next object of a loop with
// continue; a later test of any error, such as the err != nil case after a
// case apierrors.IsNotFound(err) of a switch, is then no wait for it), the
// reconciled object itself not found (or a re-read of the object whose
// finalizer the deletion removes; a dependency whose own
// protective finalizer the deletion also strips stays a dependency), a
// lookup of another object found in a list (a peer's own Secret: not a
// dependency of the deleted object; also when the peer is handed to a
// helper, of this package or another, that reads what it refers to, or
// what an object made for it refers to: a Secret that the environment of
// the Deployment built for the peer, or read by the peer's own name, names) or of a listed object itself (a child
// the deletion lists and hands to a helper that re-reads it: a not-found is
// a race with its deletion, and the next pass does not list it), lookups
// before the removal of another object's finalizer (a Claim read by a name
// the reconciled object gives, such as one an earlier object of the same
// name left, released once it is being deleted, in the function or in a
// helper it is handed to: the release of a hold on a dependency, not of
// the object's own finalizer), a nil
// owner returned by a Reconcile (or a helper it hands the object to
// without adding a finalizer first) that adds the
// finalizer only past the owner's test (an object without an owner never
// got it; the test may check more, as in owner == nil || paused), a
// finalizer the package never stores (every add of it changes the object
// in memory and writes it back only through the status subresource, which
// drops metadata: the object never holds it), a branch taken only when
// errors.As finds another package's error type in the error, or one of
// the package's own whose values it only makes from a message and never
// from another error (specProblem{fmt.Errorf(format, args...)}), directly
// or through a helper that is only that test (a Kubernetes not-found is
// never one), or the error's message is a constant
// that does not say "not found" (err.Error() == msgJobRunning: the API
// server's not-found, wrapped or not, always says so), and other errors
// returned for retry.
//
// A wait for an owner's or dependency's readiness (if
// !cluster.Status.InfrastructureReady { return ctrl.Result{RequeueAfter:
// d}, nil }, meta.IsStatusConditionTrue(cluster.Status.Conditions,
// "Ready"), cluster.IsReady(), a function of the package that returns
// such a test of its parameter) on a path where the object may be being
// deleted, before the finalizer removal, is reported the same way: a
// dependency whose provisioning failed, or that is being deleted and no
// longer reports ready, holds the deletion for good (category notready).
// The same wait after the deletion branch, or guarded by "not deleting",
// is not reported, nor is a test of the object's own status, nor a wait on
// a status field that stays true once set (the code in sight sets
// dep.Status.Ready to true and never to anything else) in a reconciler
// that adds its finalizer only past the wait: an object that got its
// finalizer had a dependency that was, and stays, ready.
//
// In code that runs only while the object is being deleted (a deletion
// branch, a function called only from one, a framework's deletion entry
// point), a returned error is not a retry of what may be transient: when a
// Get of another object (direct, or in the package's helpers that hand the
// client's error back as it is without testing it for not-found) fails and
// the error is returned before the finalizer removal, the return is
// reported too, since once that object is gone every retry fails the same
// way. A lookup of the deleted object's own kind (a re-read, a peer) is
// left alone, as is one whose not-found is handled before the error test.
// A helper that answers a missing referenced object with no object and a
// nil error (if err != nil { return nil, client.IgnoreNotFound(err) }, in
// the package or in another, by its fact) makes no not-found for its
// caller's error test: the caller is reported only where it stops on the
// missing object itself (if key == nil, or err != nil || key == nil).
// A helper that answers the failure of a lookup helper it calls with if err
// != nil { return client.IgnoreNotFound(err) } (the lookup's error wrapped
// with %w in between) tolerates the absence: its callers are not reported
// for returning its error. A Reconcile that answers its own lookup so
// returns before its deletion branch, and is reported.
//
// A Delete is a lookup too, in deletion code: one of an object the
// deletion made by name rather than found (r.Delete(ctx,
// &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: n}}), an object
// from a builder that cannot fail, a typed clientset's Delete(ctx, name,
// opts)) fails with not-found once that object is gone: deleted by hand,
// with its namespace, or by an earlier pass of this deletion that failed
// after it. A return of its error (or one that drops it), in code that
// runs only while deleting and before the finalizer removal, directly or
// through helpers of the package that hand the error back and test
// nothing for not-found, is reported (category alreadygone). Not
// reported: a Delete whose not-found is tolerated (client.IgnoreNotFound,
// err != nil && !apierrors.IsNotFound(err)), of an object a lookup or a
// List of the function found (a not-found is a race, and the next pass
// does not find it), of a kind the function also looks up, of the
// deleted object's own kind, DeleteAllOf (which never fails with
// not-found), a Delete outside deletion code (the next pass makes the
// object again), and one in a framework's deletion entry point other than
// a Finalize of controller-runtime's finalizer registry (the framework
// decides when to call it: crossplane-runtime calls ExternalClient.Delete
// only after Observe found the resource).
//
// A lookup whose not-found is let through can strand the finalizer later:
// when the deletion then writes the object it looked up, into a variable
// made without a name (&T{}, new(T), a constructor given no arguments),
// the lookup left that object nameless and the API server refuses the
// write on every retry with an error that is no not-found, so the return
// on that error is reported. A write is a client's Delete, Update or
// Patch, or a call that removes the object's finalizer and writes it back
// (a helper of the package, or of another package by its fact: releasing
// a Secret the deletion holds with a finalizer of its own). A write guarded
// by a test of the object itself (meta.WasCreated(obj)), or of the
// lookup's error (found := err == nil; if found {...}), is not reported. Any function
// named IgnoreNotFound from an error to an error (crossplane-runtime's, a
// project's own) is taken for controller-runtime's.
//
// A reconcile step may return the operator's own result type instead of a
// ctrl.Result and an error: a workflow result or a reconcile status that
// the reconciler turns into a ctrl.Result later. Such a type is known by
// that flow (a method of it, or a function of the package that takes it,
// returns a ctrl.Result), not by its name; its zero value (nil, an empty
// literal) lets the reconcile go on, and any other value stops and comes
// back like a requeue: a return of one on a not-found keeps the finalizer
// as a returned error does, and after another error of a lookup a status
// holding the error is a retry while the zero status drops it. The
// not-found also reaches the caller through the status: when a helper
// makes the lookup and, finding the object missing, returns a status that
// asks to stop (or notes one and goes on to the next dependency), the
// caller's return of it before the finalizer removal is reported, with
// the helper's call and lookup as related information; a helper of
// another package is known by a fact.
//
// Deletion code is also code that a framework runs while deleting. Where a
// reconciler (a framework's, such as crossplane-runtime's managed
// reconciler, or the operator's own generic one) tests deletion and calls
// an interface method with the object it reconciles from its deletion
// branch, returning before the finalizer removal when the call fails (as it
// does with ExternalClient.Delete and resource.Finalizer.RemoveFinalizer),
// the implementations of that method are deletion entry points: their
// lookups are checked as above, a return that does not ask for a retry
// counts as reaching the framework's removal, and only a removal of the
// finalizer of the object they are given counts as theirs (not one of an
// object they read, or hand to a callback). The roles are worked out from
// the framework's code wherever deletionlint analyses it (a dependency that
// uses Kubernetes, or the operator's own package) and passed on as facts;
// for a framework it does not see, the deletion-entry-points setting
// declares them. controller-runtime's finalizer registry (pkg/finalizer),
// whose Finalizers.Finalize calls each registered Finalizer's Finalize
// only while deleting and removes that finalizer only when it succeeds,
// is known without either: a Finalize method is deletion code. Methods a
// framework calls on every reconcile, deletion included
// (ExternalClient.Observe, Connect), are adapterdeletion's.
//
// The suite-wide settings deletion-entry-points and entry-points declare
// the entry points of frameworks deletionlint does not analyse, as
// interface methods (import/path.Interface.Method, the path may be a
// suffix) whose implementations the framework calls with the object it
// reconciles and whose failure keeps its finalizer: only while
// the object is being deleted (deletion-entry-points), or on every
// reconcile (entry-points, default Config Connector's
// pkg/controller/direct/directbase.Model.AdapterForObject). The interface
// must be among the packages the implementing package imports. For
// example, an operator on a library whose reconciler calls
// Cleaner.Cleanup while deleting:
//
//	deletionlint -deletion-entry-points=example.com/reconcilekit/pkg/hooks.Cleaner.Cleanup ./...
//
// or in the settings of .deletionlint.yaml (and of the golangci-lint
// plugin, docs/golangci.md):
//
//	deletion-entry-points:
//	  - example.com/reconcilekit/pkg/hooks.Cleaner.Cleanup
//
// It also reports circular waits (category "deadlock"): the deletion code of
// one kind keeps its finalizer while an object of a second kind exists,
// and the deletion code of the second kind keeps its finalizer while an
// object of the first kind exists, as a Cluster and its infrastructure
// cluster can. The wait may be on a listing: a deletion that lists the
// second kind and requeues while the list is not empty, or while one of
// its items passes a test (for _, b := range books.Items { if
// b.Spec.ShelfName == s.Name { return requeue } }); and the first kind's
// wait may be a requeue, on a path where its object may be being deleted,
// while the looked-up second object is being deleted (if
// !shelf.DeletionTimestamp.IsZero() { return requeue }, also joined with
// the lookup's error test: if err == nil && shelf.DeletionTimestamp != nil),
// which holds it until that object is gone. Such pairs are found within a
// package, between a package and the packages it imports, and between
// controllers of sibling packages that do not import each other: the first
// package that imports both (the one that sets them up) reports the pair
// where it sets up the controller whose wait is on a lookup, and its
// importers do not report it again. Each finding names the other half's
// wait as a related position.
//
// It also reports the other end of such a dependency (category "order"):
// when the package shows that the deletion of a kind B needs a kind A (B's
// deletion code looks A up and is stuck once it is gone), A's deletion code
// must not release A's finalizer while a B is left; the removal is reported
// unless A's deletion lists the B objects (by label, owner or an index) or
// looks one up, and requeues while any is left, or waits so for a kind
// that waits in turn for the Bs. A kind that waits so (directly or in
// turn) for the reconciled kind cannot be gone first, and a lookup of it
// strands nothing. The Cluster API contract counts as a wait: a Cluster,
// Machine or MachinePool deletes the infrastructure, bootstrap and control
// plane objects it owns and keeps its finalizer until they are gone (an
// object that finds its owner with util.GetOwnerCluster, GetOwnerMachine or
// GetOwnerMachinePool and has the contract's provider ID, control plane
// endpoint, data secret or control plane initialization field), and a
// Cluster waits for its descendants (the MachineDeployments, MachineSets,
// MachinePools and Machines of its API package): so a MachineDeployment
// that reads its Cluster before its deletion branch strands nothing, and an
// infrastructure cluster that lists the Cluster's Machines and requeues
// waits for its infrastructure machines. A listing that keeps only some of
// the objects it lists (a helper that skips the Machines of another
// infrastructure kind) is a wait for those it keeps, not for what they
// wait for in turn. A nil owner, which may never have been set, is never
// waited for. The two ends of an order may be in two packages, such as
// controllers of sibling packages that a main package sets up: each package
// passes on (a package fact) the needs and releases it and its imports
// show, and the first package that sees both ends reports the order, once:
// at its removal when the release is its own, at its lookup when the need
// is, and in a package that imports both (the main package, a package of
// set-up helpers) where it sets up the reconciler that releases (its first
// use of that type, or else of its package, outside test files), naming
// the removal and the lookup. A package without deletion
// code of its own passes nothing on, so a release two such packages away
// is not seen.
//
// A read made only after another object was found, in deletion code that
// releases the finalizer when that object is missing, waits for that
// object at most: a Secret read while the Cluster it belongs to exists
// holds the finalizer until the Cluster is gone, and then the Cluster's
// not-found releases it. So is a read in a helper, in this package or
// another, that returns at once when handed no object (if cluster == nil
// { return ... }), called with the variable that the deletion code sets to
// nil when the object is not found. It is reported only when that object
// cannot be gone first: its own deletion waits (as above) for the
// reconciled kind, or it is a control plane or infrastructure cluster,
// which its Cluster deletes only after its descendants, and what they wait
// for, are gone.
//
// It also reports a deletion that reaches the removal of its finalizer only
// while a field of the object's own spec says so (category "specgate"): in
// code that runs only while the object is being deleted, a condition on its
// spec alone (or a switch on it: case Retain) of which one side removes the
// finalizer and the other ends the pass without a retry. A resync finds the same spec, so an object deleted while
// the spec says otherwise (made so, or edited after the finalizer was
// added: a reclaim policy switched to Retain) keeps its finalizer for ever:
//
//	if l.DeletionTimestamp != nil {
//		if l.Spec.PurgeOnDelete { // bad: Retain strands the Locker
//			purge(l)
//			controllerutil.RemoveFinalizer(l, fin)
//			return ctrl.Result{}, r.Update(ctx, l)
//		}
//		return ctrl.Result{}, nil
//	}
//
//	if l.DeletionTimestamp != nil {
//		if l.Spec.PurgeOnDelete { // good: the spec decides only the cleanup
//			purge(l)
//		}
//		controllerutil.RemoveFinalizer(l, fin)
//		return ctrl.Result{}, r.Update(ctx, l)
//	}
//
// A spec condition before the deletion test (a suspend switch that stops
// every pass, deletion included) is not deletion code, and one whose other
// side returns an error tells the user on every retry: neither is reported.
// Nor is a wait for a list or map of the spec to drain (a return while
// len(m.Spec.Hooks.PreDelete) > 0, the removal once it is empty): each
// entry is there to be removed by the party it names, and that edit of the
// spec wakes the controller; a return while such a list is empty (nothing
// to purge, and the removal forgotten) is reported.
// A condition in a helper that gates the whole finalizer handling, adding
// included, before the deletion test is not found yet.
//
// A condition on a field of the object's own status is reported the same way
// (category "statusgate") when the controller owns that field: the package
// writes it (obj.Status.ExternalID = id, &obj.Status.Conditions handed to a
// call), and only in code that does not run while deleting. An object
// deleted before the field was set (its resource never made) is then found
// in the same state on every pass:
//
//	if l.DeletionTimestamp != nil {
//		if l.Status.ExternalID == "" { // bad: a Locker never made keeps its finalizer
//			return ctrl.Result{}, nil
//		}
//		...purge, remove the finalizer, update
//	}
//
//	if l.DeletionTimestamp != nil {
//		if l.Status.ExternalID != "" { // good: nothing to purge, still released
//			...purge
//		}
//		...remove the finalizer, update
//	}
//
// A field the package never writes (another component reports into it) or
// also writes while deleting (a staged deletion that clears it and comes
// back) may change: not reported.
//
// It also reports a finalizer removed in memory from an object that nothing
// writes back (category "inmemory"): controllerutil.RemoveFinalizer, a
// SetFinalizers edit or an assignment of the Finalizers field on an object
// the function made itself (a fresh copy
// read for the removal, a DeepCopy) that is then never updated or patched,
// by the function or the helpers it hands it to, or only through its
// status subresource, which drops changes to metadata. The API server's
// object keeps the finalizer and is never deleted. The common shape reads a
// fresh copy in a retry loop and updates the cached object instead:
//
//	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		latest := &v1.Tunnel{}
//		if err := r.Get(ctx, req.NamespacedName, latest); err != nil {
//			return err
//		}
//		controllerutil.RemoveFinalizer(latest, tunnelFinalizer)
//		return r.Update(ctx, tun) // should be latest
//	})
//
// A removal from an object the function received is left to its callers,
// which may write it.
//
// A finding reported at a caller because the lookup happens in the
// package's helpers names their lines (down to the read of the referenced
// object) as related information.
//
// At run time: the example operator's TestOrphanDeletionBucketPolicy and
// TestOrphanDeletionRoute (examples/scenarios) show this bug failing
// deletiontest.OrphanDeletion: a BucketPolicy, or a Route, whose dependency
// was deleted first keeps its finalizer.
//
// Bad:
//
//	cluster, err := util.GetOwnerCluster(ctx, r.Client, obj.ObjectMeta)
//	if err != nil {
//		return ctrl.Result{}, err
//	}
//	if cluster == nil {
//		return ctrl.Result{}, nil // also taken while deleting: stuck forever
//	}
//	if !obj.DeletionTimestamp.IsZero() {
//		return r.reconcileDelete(ctx, obj)
//	}
//
// Good:
//
//	if !obj.DeletionTimestamp.IsZero() {
//		return r.reconcileDelete(ctx, obj) // needs no owner
//	}
//	cluster, err := util.GetOwnerCluster(ctx, r.Client, obj.ObjectMeta)
//	...
//
// or, with the runtime module, finalizer.Runner, which treats a missing
// dependency as gone, and ownership.GetOwner, which says ErrOwnerGone.
//
// # Categories
//
//   - notfound: a return taken when a lookup of an owner or dependency fails
//     with not-found.
//   - nilowner: a return taken when a lookup yields no owner.
//   - dependency: a return taken when a lookup fails with a
//     dependency-not-found error.
//   - secret: a return of either kind when the object looked up is a
//     Secret (or one of the few kinds a helper reads is: an identity and
//     the Secret it names), which often holds what the deletion needs
//     (credentials to clean up outside the cluster): then the fix is to
//     keep the Secret until the deletion is done rather than to go on
//     without it. A
//     ConfigMap (settings the cleanup reads) gets the same two-sided fix
//     in its message, under the category of its lookup.
//   - protected: a return of either kind when the controller protects the
//     object looked up with a finalizer of its own, added in one place and
//     removed in its deletion: the object can be missing only if it was
//     deleted before it got that finalizer (or the reference changed), a
//     narrower risk that users may rank lower. When another controller of
//     the package reads the object through a helper the lookup also goes
//     through and protects it so, the finding keeps its category (the
//     order of the two deletions is not known here) and names that
//     controller's finalizer and the order under which it protects the
//     object.
//   - deadlock: two kinds whose deletion code each keeps its finalizer while
//     an object of the other exists.
//   - order: the removal of a kind's finalizer while objects of a kind whose
//     deletion needs it may be left.
//   - inmemory: a finalizer removed from an object that nothing writes
//     back, or writes back only through its status.
//   - notready: a return taken, before the deletion branch, while an owner
//     or dependency the function looked up is not ready (a bool under its
//     status whose name says ready, such as InfrastructureReady or
//     Provisioned; a Ready status condition; an IsReady method): one whose
//     provisioning failed, or that is being deleted itself, never is.
//   - alreadygone: a return, while deleting, of the error of a Delete of
//     an object the deletion made by name: it fails with not-found on
//     every pass once the object is gone.
//   - specgate: a return, in deletion-only code, that ends the pass
//     without removing the finalizer or retrying while a field of the
//     object's own spec says so.
//   - statusgate: the same, while a field of the object's own status that
//     the controller sets only outside deletion says so.
//
// # Settings
//
// None of its own. The suite-wide settings (include-generated,
// dependency-errors, deletion-checks, entry-points, deletion-entry-points,
// exclude; docs/configuration.md) apply to every rule.
package finalizerblock
