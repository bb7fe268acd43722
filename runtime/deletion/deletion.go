// Package deletion helps reconcilers handle an object that is being deleted
// before they resolve its dependencies.
//
// The failure it prevents: an adapter that resolves references from the spec
// on every reconcile fails forever with "dependency not found" once the
// referenced parent has been deleted first, and the object's finalizer is never
// removed. [BuildAdapter] builds from the external reference recorded in status
// while deleting, and turns an unresolvable dependency during deletion into an
// [ErrOrphaned] error that tells the caller to release the finalizer.
package deletion

import (
	"context"
	"errors"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// IsDeleting reports whether obj is being deleted: its deletion timestamp is
// set and only finalizers keep it in the API server.
//
//	if deletion.IsDeleting(obj) {
//		return r.finalize(ctx, obj)
//	}
func IsDeleting(obj metav1.Object) bool {
	if obj == nil {
		return false
	}
	return !obj.GetDeletionTimestamp().IsZero()
}

// DependencyNotFoundError reports that an object the reconciled object
// depends on (a referenced parent, a secret, an external resource) does not
// exist. Err is the underlying cause, typically a Kubernetes NotFound error.
//
// Retrying does not help while the dependency is missing; during deletion it
// means the dependency is gone and the finalizer may be released.
type DependencyNotFoundError struct {
	// Kind is the kind of the missing dependency, e.g. "ConfigMap".
	Kind string
	// Namespace is the namespace of the missing dependency; empty when it is
	// cluster-scoped.
	Namespace string
	// Name is the name of the missing dependency.
	Name string
	// Err is the cause; may be nil.
	Err error
}

// Error describes the missing dependency and its cause.
func (e *DependencyNotFoundError) Error() string {
	name := e.Name
	if e.Namespace != "" {
		name = e.Namespace + "/" + e.Name
	}
	msg := fmt.Sprintf("dependency %s %s not found", e.Kind, name)
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the cause, so that errors.Is and apierrors.IsNotFound see
// through the dependency error.
func (e *DependencyNotFoundError) Unwrap() error { return e.Err }

// NewDependencyNotFound returns a [*DependencyNotFoundError] for the
// dependency kind namespace/name, wrapping cause.
//
//	if err := r.Get(ctx, key, &parent); apierrors.IsNotFound(err) {
//		return deletion.NewDependencyNotFound("Parent", key.Namespace, key.Name, err)
//	}
func NewDependencyNotFound(kind, namespace, name string, cause error) error {
	return &DependencyNotFoundError{Kind: kind, Namespace: namespace, Name: name, Err: cause}
}

// IsDependencyNotFound reports whether err, or any error it wraps, is a
// [*DependencyNotFoundError].
func IsDependencyNotFound(err error) bool {
	var dnf *DependencyNotFoundError
	return errors.As(err, &dnf)
}

// ErrOrphaned marks an object that is being deleted and whose dependencies
// are already gone: there is nothing left to clean up through them, and the
// caller should release its finalizer instead of retrying. Errors returned by
// [BuildAdapter] match it with errors.Is and also wrap the dependency error.
var ErrOrphaned = errors.New("object is being deleted and its dependencies are gone")

// IsOrphaned reports whether err, or any error it wraps, is [ErrOrphaned].
func IsOrphaned(err error) bool { return errors.Is(err, ErrOrphaned) }

// AdapterBuilder tells [BuildAdapter] how to build an adapter of type A (the
// value that talks to the external system on behalf of the object) in the two
// ways that matter for deletion.
type AdapterBuilder[A any] struct {
	// ExternalRef returns the external reference recorded in the object's
	// status (status.externalRef) and whether one is recorded. Nil means the
	// object never records one.
	ExternalRef func() (string, bool)
	// FromExternal builds the adapter from the recorded external reference
	// alone, without resolving anything from the spec. Required when
	// ExternalRef can report a reference.
	FromExternal func(ctx context.Context, externalRef string) (A, error)
	// FromSpec builds the adapter by resolving the spec's references. It
	// should report a missing referenced object with [NewDependencyNotFound].
	// Required.
	FromSpec func(ctx context.Context) (A, error)
}

// BuildAdapter builds the adapter for obj, handling deletion first:
//
//   - if obj is being deleted and b.ExternalRef reports a reference, the
//     adapter is built from it with b.FromExternal: the spec's references are
//     not resolved, because they may be gone;
//   - otherwise the adapter is resolved from the spec with b.FromSpec;
//   - if obj is being deleted and that resolution fails with a dependency-not-found
//     error, the returned error satisfies [IsOrphaned] (and still
//     [IsDependencyNotFound]): the caller releases the finalizer.
//
// Other errors are returned wrapped with the object's name, for retry.
func BuildAdapter[A any](ctx context.Context, obj client.Object, b AdapterBuilder[A]) (A, error) {
	var zero A
	if obj == nil {
		return zero, errors.New("build adapter: nil object")
	}
	deleting := IsDeleting(obj)
	if deleting && b.ExternalRef != nil {
		if ref, ok := b.ExternalRef(); ok && ref != "" {
			if b.FromExternal == nil {
				return zero, fmt.Errorf("build adapter for %s: external reference %q recorded but AdapterBuilder.FromExternal is nil", describe(obj), ref)
			}
			a, err := b.FromExternal(ctx, ref)
			if err != nil {
				return zero, fmt.Errorf("build adapter for %s from external reference %q: %w", describe(obj), ref, err)
			}
			return a, nil
		}
	}
	if b.FromSpec == nil {
		return zero, fmt.Errorf("build adapter for %s: AdapterBuilder.FromSpec is nil", describe(obj))
	}
	a, err := b.FromSpec(ctx)
	if err == nil {
		return a, nil
	}
	if deleting && IsDependencyNotFound(err) {
		return zero, fmt.Errorf("%w: %s: %w", ErrOrphaned, describe(obj), err)
	}
	return zero, fmt.Errorf("build adapter for %s from spec: %w", describe(obj), err)
}

// describe names obj for error messages: its kind when known, and its key.
func describe(obj client.Object) string {
	name := obj.GetName()
	if ns := obj.GetNamespace(); ns != "" {
		name = ns + "/" + name
	}
	if kind := obj.GetObjectKind().GroupVersionKind().Kind; kind != "" {
		return kind + " " + name
	}
	return name
}
