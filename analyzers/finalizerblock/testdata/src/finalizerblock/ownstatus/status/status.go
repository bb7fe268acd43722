// Package status reproduces an operator's reconcile status in a package of
// its own: a pointer whose nil value means "done, go on", built by methods
// that record what to wait for, and turned into a ctrl.Result only by the
// reconciler that returns it.
package status

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Status is nil when the step is done.
type Status = *state

type state struct {
	waits []string
	after time.Duration
	err   error
}

// Done returns the status of a step that is done.
func Done() Status { return nil }

// Failed returns a status holding err.
func Failed(err error) Status { return Done().WithError(err) }

// WithError records err.
func (s Status) WithError(err error) Status {
	if err == nil {
		return s
	}
	if s == nil {
		s = &state{}
	}
	s.err = err
	return s
}

// WaitingFor records that the step waits for the named object.
func (s Status) WaitingFor(kind, name string) Status {
	if s == nil {
		s = &state{}
	}
	s.waits = append(s.waits, kind+"/"+name)
	s.after = time.Minute
	return s
}

// Stop reports whether the reconcile must stop here and come back later.
func (s Status) Stop() bool { return s != nil }

// Result turns the status into what a reconciler returns.
func (s Status) Result() (ctrl.Result, error) {
	if s == nil {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{RequeueAfter: s.after}, s.err
}
