// Package ctrlutil wraps controller-runtime's builder, as large projects do
// to give every controller the same predicates and options: its methods
// stand for the builder's.
package ctrlutil

import (
	"context"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Builder wraps a controller builder.
type Builder struct {
	builder  *builder.Builder
	mgr      manager.Manager
	interval time.Duration
}

// NewControllerManagedBy starts a controller for m.
func NewControllerManagedBy(m manager.Manager) *Builder {
	return &Builder{builder: builder.ControllerManagedBy(m), mgr: m}
}

// For names the reconciled kind.
func (b *Builder) For(obj client.Object) *Builder {
	b.builder.For(obj)
	return b
}

// Owns watches a kind of children.
func (b *Builder) Owns(obj client.Object) *Builder {
	b.builder.Owns(obj)
	return b
}

// Watches watches a kind with a handler.
func (b *Builder) Watches(obj client.Object, h handler.EventHandler) *Builder {
	b.builder.Watches(obj, h)
	return b
}

// WithRateLimitInterval only configures the controller.
func (b *Builder) WithRateLimitInterval(d time.Duration) *Builder {
	b.interval = d
	return b
}

// Complete builds the controller, wrapping r.
func (b *Builder) Complete(ctx context.Context, r reconcile.Reconciler) error {
	return b.builder.Complete(r)
}
