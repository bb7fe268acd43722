// Package adapterdeletion defines an Analyzer that checks that adapters
// test whether the object is being deleted before they resolve the
// dependencies named in its spec.
//
// # Analyzer adapterdeletion
//
// adapterdeletion: check that adapters handle deletion before resolving dependencies
//
// Config Connector's direct controllers build an adapter for every object
// they reconcile with the AdapterForObject method of an implementation of
// directbase.Model, also while the object is being deleted. When that method
// resolves references from the spec (a NormalizedExternal or Normalize call,
// refs.Resolve..., common.NormalizeReferences, a local helper that does one
// of these) and the referenced object was deleted first, resolution fails
// with a dependency-not-found error on every retry: the adapter is never
// built, its Delete never runs and the finalizer is never removed.
//
// The analyzer reports the first call in AdapterForObject that can fail
// with a dependency-not-found error and that is reachable from the method's
// entry on a path that has not tested deletion (op.IsDeleting(),
// GetDeletionTimestamp(), the DeletionTimestamp field, deletion.IsDeleting
// or any wrapper of these), once per adapter: the other such calls are its
// related information, since the fix, testing deletion first, is one. The
// test must come first on that path: a test elsewhere in the method, or on
// only one of two paths, is not enough; and a resolution in the branch
// taken only while deleting is reported too.
//
// The same holds for every method a framework calls with the object it
// reconciles on every reconcile, deletion included, and whose failure keeps
// the finalizer: crossplane-runtime's managed reconciler calls a provider's
// ExternalConnecter.Connect and ExternalClient.Observe before it tests
// deletion, and removes the finalizer only once they succeed. Such entry
// points are worked out from the framework's code where deletionlint
// analyses it (see finalizerblock), or declared with the entry-points
// setting; the first resolving call before the deletion test in an
// implementation is reported in the framework's words (the managed
// resource, Observe), not an adapter's. When what is resolved is a Secret
// or a ConfigMap, the deletion itself may need what it holds (credentials
// or settings to delete what is outside the cluster: going on without them
// leaks it), so the fix offered is two-sided: keep that object until the
// deletion is done with a finalizer that the deletion removes last, or,
// when the deletion does not need it, test deletion first.
// AdapterForObject is the default entry point of this kind.
//
// Which calls can fail that way is computed across packages: calls of the
// configured error constructors; client reads (Get) of an object a spec
// refers to whose not-found is returned as an error, typed or not
// (fmt.Errorf("referenced %v not found", key), or the client's own error,
// wrapped or not), the key derived from a field under a spec, a value of a
// *Ref or *Reference type, a field read under "spec" of an unstructured
// object, or a label or annotation value of the object; functions and methods that reach one of these; interface methods
// whose implementations do; and functions that call a method of a value
// passed to them, such as common.VisitFields with a resolving visitor. A
// read whose not-found is tolerated (client.IgnoreNotFound, an IsNotFound
// branch that does not return an error, err != nil && !IsNotFound(err)) does
// not count, nor does a read of something that is not a reference (the
// object itself, a Secret named after it), nor a read of an object that
// waits for the one that refers to it: Crossplane's ProviderConfig, read
// through the managed resource's GetProviderConfigReference in a function
// that also tracks the resource's usage of it (a Track call given the
// resource, before or after the read), is kept by its reconciler while
// that usage exists. When a resolver can fail both
// ways, the message names the error of an object that is gone rather than
// one that is not ready.
//
// It also reports the caller side: a function that calls AdapterForObject
// and, when the error is classified as an unresolvable dependency
// (lifecyclehandler.CausedByUnresolvableDeps,
// CausedByUnreadyOrNonexistentResourceRefs, deletion.IsDependencyNotFound,
// errors.As to a configured error type, or any function that does one of
// these), returns for a requeue on a path that does not know whether the
// object is being deleted: one that has not tested deletion, or one where
// the answer of an earlier test was lost (if !deleting { applyDefaults() }).
// The error is followed from its assignment (in an if statement, in the
// cases of a type switch over the model) to every classification after it,
// until the variable is assigned again.
//
// At run time: the example operator's TestOrphanDeletionBucketPolicy and
// TestOrphanDeletionBucketPolicyNeverCreated (examples/scenarios) show this
// bug failing deletiontest.OrphanDeletion: a BucketPolicy whose Bucket was
// deleted first keeps its finalizer.
//
// Bad:
//
//	func (m *model) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
//		obj := &krm.RedisInstance{}
//		...
//		network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace) // reported
//		if err != nil {
//			return nil, err
//		}
//		...
//	}
//
// Bad, the same bug with an untyped error: refs.ResolveProject reads the
// Project that spec.projectRef names and returns fmt.Errorf("referenced
// Project %v not found", key) once it is gone:
//
//	project, err := refs.ResolveProject(ctx, op.Reader, obj.Namespace, obj.Spec.ProjectRef) // reported
//
// Good: resolve only when not deleting, and build a deleting adapter from
// status.externalRef (or use deletion.BuildAdapter, which does both):
//
//	if !op.IsDeleting() {
//		network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace)
//		if err != nil {
//			return nil, err
//		}
//		...
//	}
//
// # Categories
//
//   - adapter: the first call in an adapter-building method (AdapterForObject)
//     that can fail with a dependency-not-found error before deletion is
//     tested.
//   - entrypoint: the same call in an implementation of another method a
//     framework calls on every reconcile, deletion included (entry-points).
//   - secret: either of these when what is resolved is a Secret or a
//     ConfigMap, which the deletion itself may need (the fix offered is
//     two-sided, see above).
//   - caller: a caller of AdapterForObject that returns for a requeue on an
//     unresolvable dependency without knowing whether the object is being
//     deleted.
//
// # Settings
//
//   - model-interfaces (list of import/path.Type, default
//     pkg/controller/direct/directbase.Model): the interfaces whose
//     implementations build adapters; the import path may be a suffix, so an
//     operator's own copy of directbase is recognised.
//   - methods (list of method names, default AdapterForObject): their
//     adapter-building methods.
//   - strict (bool, default false): also count every client Get whose error
//     can reach the adapter, whatever its key and whatever is done with its
//     not-found; since reads of referenced objects count by default, this
//     only adds reads deletionlint cannot tell are references.
//
// model-interfaces and methods name Config Connector's adapter methods; they
// work as entries of the entry-points setting, with messages about adapters.
// The rule also reads the suite-wide settings entry-points (interface
// methods, as import/path.Interface.Method, that a framework deletionlint
// cannot see calls on every reconcile, deletion included; default
// pkg/controller/direct/directbase.Model.AdapterForObject), dependency-errors
// (the error types and constructors that mean "dependency not found";
// defaults: Config Connector's ReferenceNotFoundError,
// ReferenceNotReadyError, SecretNotFoundError, KeyInSecretNotFoundError,
// their constructors, and deletion.DependencyNotFoundError with
// deletion.NewDependencyNotFound) and deletion-checks (extra functions that
// test deletion). For example:
//
//	deletionlint -entry-points=example.com/reconcilekit/pkg/hooks.Syncer.Sync ./...
package adapterdeletion
