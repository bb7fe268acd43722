// Package errors is a stub of k8s.io/apimachinery/pkg/api/errors.
package errors

import "k8s.io/apimachinery/pkg/runtime/schema"

type StatusError struct{ Reason string }

func (e *StatusError) Error() string { return e.Reason }

func IsNotFound(err error) bool      { return false }
func IsAlreadyExists(err error) bool { return false }
func IsConflict(err error) bool      { return false }
func IsGone(err error) bool          { return false }

func NewNotFound(qualifiedResource schema.GroupResource, name string) *StatusError {
	return &StatusError{Reason: "NotFound"}
}
