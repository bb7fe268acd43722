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
// The analyzer reports each call in AdapterForObject that can fail with a
// dependency-not-found error (computed across packages: calls of the
// configured error constructors, of functions and methods that reach one, of
// interface methods whose implementations do, and of functions that call a
// method of a value passed to them, such as common.VisitFields with a
// resolving visitor) and that is reachable from the method's entry on a path
// that has not tested deletion (op.IsDeleting(), GetDeletionTimestamp(),
// the DeletionTimestamp field, deletion.IsDeleting or any wrapper of these).
// The test must come first on that path: a test elsewhere in the method, or
// on only one of two paths, is not enough; and a resolution in the branch
// taken only while deleting is reported too. Category "adapter".
//
// It also reports the caller side: a function that calls AdapterForObject
// and, when the error is classified as an unresolvable dependency
// (lifecyclehandler.CausedByUnresolvableDeps,
// CausedByUnreadyOrNonexistentResourceRefs, deletion.IsDependencyNotFound,
// errors.As to a configured error type, or any function that does one of
// these), returns for a requeue without having tested deletion. Category
// "caller".
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
// Settings:
//
//	model-interfaces   interfaces whose implementations build adapters
//	                   (default pkg/controller/direct/directbase.Model; the
//	                   import path may be a suffix, so an operator's own copy
//	                   of directbase is recognised)
//	methods            their adapter-building methods (default AdapterForObject)
//	strict             also count any client Get of a referenced object, for
//	                   resolvers that turn not-found into a plain error
//	                   (default false)
//
// and the suite-wide settings dependency-errors (the error types and
// constructors that mean "dependency not found"; defaults: Config
// Connector's ReferenceNotFoundError, ReferenceNotReadyError,
// SecretNotFoundError, KeyInSecretNotFoundError, their constructors, and
// deletion.DependencyNotFoundError with deletion.NewDependencyNotFound) and
// deletion-checks (extra functions that test deletion).
package adapterdeletion
