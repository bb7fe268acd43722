// Package deletion is a stub of github.com/deletionlint/deletionlint/runtime/deletion.
package deletion

import (
	"context"
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func IsDeleting(obj metav1.Object) bool {
	if obj == nil {
		return false
	}
	return !obj.GetDeletionTimestamp().IsZero()
}

type DependencyNotFoundError struct {
	Kind, Namespace, Name string
	Err                   error
}

func (e *DependencyNotFoundError) Error() string { return "dependency not found" }
func (e *DependencyNotFoundError) Unwrap() error { return e.Err }

func NewDependencyNotFound(kind, namespace, name string, cause error) error {
	return &DependencyNotFoundError{Kind: kind, Namespace: namespace, Name: name, Err: cause}
}

func IsDependencyNotFound(err error) bool {
	var e *DependencyNotFoundError
	return errors.As(err, &e)
}

var ErrOrphaned = errors.New("orphaned")

func IsOrphaned(err error) bool { return errors.Is(err, ErrOrphaned) }

type AdapterBuilder[A any] struct {
	ExternalRef  func() (string, bool)
	FromExternal func(ctx context.Context, externalRef string) (A, error)
	FromSpec     func(ctx context.Context) (A, error)
}

func BuildAdapter[A any](ctx context.Context, obj client.Object, b AdapterBuilder[A]) (A, error) {
	var zero A
	return zero, nil
}
