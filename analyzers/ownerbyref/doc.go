// Package ownerbyref defines an Analyzer that reports controllers that find
// their owner by a name instead of through their owner references.
//
// # Analyzer ownerbyref
//
// ownerbyref: find the owner through ownerReferences, not by name
//
// A reconciler that looks up the object that owns the object it reconciles
// by a name it derives (its own name, a label such as Cluster API's
// cluster.x-k8s.io/cluster-name, an annotation, a spec field) instead of
// following its ownerReferences looks for the wrong object whenever the
// owner is named differently: it is never found, or another object is.
// Worse, the reconciler never sees its real owner being deleted, so the
// object and the external resources it manages are never cleaned up.
//
// The analyzer reports a client Get (category "get") or List (category
// "list") and Cluster API's util.GetClusterByName and
// util.GetClusterFromMetadata (category "clusterapi") of an owning kind by a name taken from the
// reconciled object, in a reconciler (the methods of a type with a
// Reconcile method, and the package's functions that take the reconciled
// object). The test is per lookup: a lookup is not reported when the
// object's owner references were read before it in the same function
// (GetOwnerReferences, the OwnerReferences field, metav1.GetControllerOf,
// util.GetOwnerCluster, util.GetOwnerMachine, ownership.GetOwner, or a
// helper of another package named like GetConfigOwner or findOwner given
// the object), or found (by one of those calls) in Reconcile when the
// lookup is in a helper. Reading them after a by-name lookup, to see whether
// an owner reference must still be set (adoption), does not make the lookup
// right: that is the Cluster API provider bug this rule comes from. A
// helper of the package named like getOwnerCluster is judged by its body.
//
// Owning kinds are known from the code (a controller or owner reference
// set on the reconciled kind to that kind with
// controllerutil.SetControllerReference, SetOwnerReference or the runtime's
// ownership helpers, or a controller of that kind that Owns the reconciled
// kind, in this package or, through facts, in the packages it imports),
// from Cluster API (its Cluster owns the infrastructure and control-plane
// objects of providers; a name from their spec is taken to be a reference,
// not the owner), and from the owner-kinds setting. Facts flow only to
// importing packages: when the relation is set in a package that the
// reconciler's package does not import (the owner's controller in a
// sibling package), the lookup is passed on in a package fact, with the
// owner relations each package knows, and the first package that sees
// both (the one that sets up both controllers, usually the manager's
// main) reports it where it sets up the looking-up controller, with the
// lookup as related position. A program that never sets up the owner's
// controller reports nothing; name such owners in owner-kinds.
//
// Not reported: lookups of the reconciled object itself, of its own
// children by name, of objects its spec references that do not own it,
// lookups in watch map functions (functions returning []reconcile.Request),
// lookups from a cluster-scoped object of a namespaced kind that Owns it or
// references it (no owner reference across those scopes resolves, so a
// name, as a PersistentVolume's claimRef, is the only link there can be),
// Cluster API's core kinds finding their Cluster by their required
// spec.clusterName, lookups after the owner was found through the
// owner references, a Get by name (a spec field's, or the object's own)
// of the object the function then makes the reconciled object's
// controller or owner (self-adoption: the reference is set from the
// lookup, so name and owner cannot disagree; not for Cluster API's
// Cluster, whose own controller sets the reference), a Get by the
// object's own name of an owner whose controller names the object after
// itself as it sets the reference (Name: owner.Name: the object's name is
// its owner's by construction), a lookup of the Cluster API Cluster by the
// cluster-name label (which Cluster API stamps together with the owner
// reference) in a reconciler that adds no finalizer (nothing it holds
// waits on the Cluster), best-effort lookups whose failure the function
// goes on from (if err == nil { act on the owner }, or a failure only
// logged: a missed owner changes nothing that waits), and, for a kind that
// owns its own kind (a tree of
// nodes, each owned by its parent node), lookups of its other owners
// known from the code: those own only the root of each tree, a nested
// object reaches the root by a name stamped on it, and its owner
// references would lead to its parent.
//
// At run time: the example operator's TestOrphanDeletionRoute
// (examples/scenarios) shows the lookup this rule reports, with
// finalizerblock's wait after it, failing deletiontest.OrphanDeletion and
// deletiontest.NoLeaks: a Route whose Website was deleted first keeps its
// finalizer and leaks its DNS record.
//
// Bad:
//
//	cluster := &clusterv1.Cluster{}
//	key := client.ObjectKey{Namespace: fc.Namespace, Name: fc.Labels[clusterv1.ClusterNameLabel]}
//	if err := r.Get(ctx, key, cluster); err != nil {
//
// Good:
//
//	cluster, err := util.GetOwnerCluster(ctx, r.Client, fc.ObjectMeta)
//	if err != nil || cluster == nil { // no owner reference yet: wait for it
//
// or, for any owner kind, ownership.GetOwner(ctx, r.Client, obj, owner),
// which follows the controller reference and checks its API group.
//
// # Categories
//
//   - get: a client Get of an owning kind by a name taken from the
//     reconciled object.
//   - list: a client List of an owning kind by such a name.
//   - clusterapi: Cluster API's util.GetClusterByName or
//     util.GetClusterFromMetadata finding the owning Cluster by such a name.
//
// # Settings
//
//   - owner-kinds (list of import/path.Type, default empty): kinds that own
//     every kind reconciled in the analysed code, for owner relations the
//     code does not show.
package ownerbyref
