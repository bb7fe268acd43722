// Package outcome turns a step's outcome into a reconcile result.
package outcome

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Outcome is what a step ended with.
type Outcome struct {
	err   error
	after time.Duration
}

// Failed is a step that failed with err; it is retried.
func Failed(err error) Outcome { return Outcome{err: err, after: 10 * time.Second} }

// Result is the reconcile result of the outcome.
func (o Outcome) Result() (ctrl.Result, error) {
	if o.err != nil {
		return ctrl.Result{}, o.err
	}
	return ctrl.Result{RequeueAfter: o.after}, nil
}
