// Package reconcile is a stub of sigs.k8s.io/controller-runtime/pkg/reconcile.
package reconcile

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/types"
)

type Result struct {
	Requeue      bool
	RequeueAfter time.Duration
}

func (r *Result) IsZero() bool { return r == nil || *r == Result{} }

type Request struct {
	types.NamespacedName
}

type Reconciler = TypedReconciler[Request]

type TypedReconciler[request comparable] interface {
	Reconcile(context.Context, request) (Result, error)
}

type Func = TypedFunc[Request]

type TypedFunc[request comparable] func(context.Context, request) (Result, error)

func (r TypedFunc[request]) Reconcile(ctx context.Context, req request) (Result, error) {
	return r(ctx, req)
}

func TerminalError(wrapped error) error { return wrapped }
