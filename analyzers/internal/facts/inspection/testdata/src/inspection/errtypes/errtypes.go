// Package errtypes declares error types that hold another error and types
// that never do, and tests errors with errors.As, directly and through
// helpers.
package errtypes

import (
	"errors"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

var _ metav1.Object // the package is in scope

// invalid values are made from messages only.
type invalid struct{ error }

func newInvalid(format string, args ...any) error { return invalid{fmt.Errorf(format, args...)} }

// conflict has no error in it at all.
type conflict struct{ Code int }

func (conflict) Error() string { return "conflict" }

// wrapped holds the error it is given.
type wrapped struct{ cause error }

func (w *wrapped) Error() string { return w.cause.Error() }

func wrap(err error) error { return &wrapped{cause: err} }

// joined is given an error by assignment, after it is made.
type joined struct {
	msg   string
	inner error
}

func (j *joined) Error() string { return j.msg }

func join(err error) error {
	j := &joined{msg: "failed"}
	j.inner = fmt.Errorf("joined: %w", err)
	return j
}

// several holds a list of errors.
type several struct{ errs []error }

func (s several) Error() string { return "several" }

func isInvalid(err error) bool {
	var i invalid
	return errors.As(err, &i)
}

// isWrapped tests more than errors.As: no helper.
func isWrapped(err error) bool {
	var w *wrapped
	if err == nil {
		return false
	}
	return errors.As(err, &w)
}

func Classify(err error) {
	var c conflict
	var w *wrapped
	var j *joined
	var s several
	if isInvalid(err) { // want `errors.As invalid wraps=false`
	}
	if errors.As(err, &c) { // want `errors.As conflict wraps=false`
	}
	if errors.As(err, &w) { // want `errors.As wrapped wraps=true`
	}
	if isWrapped(err) {
	}
	if errors.As(err, &j) { // want `errors.As joined wraps=true`
	}
	if errors.As(err, &s) { // want `errors.As several wraps=true`
	}
	_, _, _ = newInvalid, wrap, join
	_ = several{errs: []error{err}}
}
