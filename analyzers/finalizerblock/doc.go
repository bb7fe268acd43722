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
// SetFinalizers edit, the runtime's finalizer.Remove or finalizer.Runner;
// directly, through the package's functions, through functions of other
// packages that release the finalizer of an object passed to them, or
// through an interface method, such as a deletion backend held in a field,
// one of whose implementations does), in Reconcile and the functions it
// calls, the analyzer reports each return
// taken when an owner or dependency lookup
//
//   - fails with not-found (apierrors.IsNotFound after a client Get of
//     another object, Cluster API's GetClusterByName),
//   - yields no owner (a nil result of Cluster API's GetOwnerCluster,
//     GetOwnerMachine or GetOwnerMachinePool, or of the package's own copy
//     of one: a function returning (*T, error) that ranges over owner
//     references and ends with return nil, nil), or
//   - fails with a dependency-not-found error (deletion.IsDependencyNotFound,
//     the runtime's ownership.GetOwner errors),
//
// on a path where the object may be being deleted (no deletion test has
// excluded it), before the finalizer removal is reached. Paths are found on
// the control-flow graph, not in text order. Not reported: lookups guarded by
// "not deleting", a missing owner or dependency treated as gone (control goes
// on into the deletion branch, or to the next object of a loop with
// continue), the reconciled object itself not found, and other errors
// returned for retry.
//
// It also reports circular waits (category deadlock): the deletion code of
// one kind keeps its finalizer while an object of a second kind exists,
// and the deletion code of the second kind keeps its finalizer while an
// object of the first kind exists, as a Cluster and its infrastructure
// cluster can. Such pairs are found within a package and, through facts,
// between a package and the packages it imports.
//
// Categories: notfound, nilowner, dependency, deadlock.
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
// Settings: none.
package finalizerblock
