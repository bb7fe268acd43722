// Package builder is a stub of sigs.k8s.io/controller-runtime/pkg/builder
// v0.14: Builder is a struct, not yet an alias of TypedBuilder, and Watches
// takes a source.
package builder

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type Builder struct {
	mgr manager.Manager
}

func ControllerManagedBy(m manager.Manager) *Builder { return &Builder{mgr: m} }

type ForOption interface{ ApplyToFor(*ForInput) }
type OwnsOption interface{ ApplyToOwns(*OwnsInput) }
type WatchesOption interface{ ApplyToWatches(*WatchesInput) }

type ForInput struct{}
type OwnsInput struct{}
type WatchesInput struct{}

type Predicates struct{ predicates []predicate.Predicate }

func (w Predicates) ApplyToFor(opts *ForInput)         {}
func (w Predicates) ApplyToOwns(opts *OwnsInput)       {}
func (w Predicates) ApplyToWatches(opts *WatchesInput) {}

func WithPredicates(predicates ...predicate.Predicate) Predicates {
	return Predicates{predicates: predicates}
}

type matchEveryOwner struct{}

func (matchEveryOwner) ApplyToOwns(opts *OwnsInput) {}

// MatchEveryOwner makes Owns enqueue every owner of the object, not only
// its controller.
var MatchEveryOwner = matchEveryOwner{}

func (blder *Builder) For(object client.Object, opts ...ForOption) *Builder { return blder }

func (blder *Builder) Owns(object client.Object, opts ...OwnsOption) *Builder { return blder }

func (blder *Builder) Watches(src source.Source, eventhandler handler.EventHandler, opts ...WatchesOption) *Builder {
	return blder
}

func (blder *Builder) WithEventFilter(p predicate.Predicate) *Builder { return blder }

func (blder *Builder) WithOptions(options controller.Options) *Builder { return blder }

func (blder *Builder) Named(name string) *Builder { return blder }

func (blder *Builder) Complete(r reconcile.Reconciler) error { return nil }

func (blder *Builder) Build(r reconcile.Reconciler) (controller.Controller, error) { return nil, nil }
