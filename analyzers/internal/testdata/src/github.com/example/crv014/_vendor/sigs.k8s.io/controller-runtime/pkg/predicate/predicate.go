// Package predicate is a stub of sigs.k8s.io/controller-runtime/pkg/predicate v0.14.
package predicate

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

type Predicate interface {
	Create(event.CreateEvent) bool
	Delete(event.DeleteEvent) bool
	Update(event.UpdateEvent) bool
	Generic(event.GenericEvent) bool
}

type Funcs struct {
	CreateFunc  func(event.CreateEvent) bool
	DeleteFunc  func(event.DeleteEvent) bool
	UpdateFunc  func(event.UpdateEvent) bool
	GenericFunc func(event.GenericEvent) bool
}

func (p Funcs) Create(e event.CreateEvent) bool   { return true }
func (p Funcs) Delete(e event.DeleteEvent) bool   { return true }
func (p Funcs) Update(e event.UpdateEvent) bool   { return true }
func (p Funcs) Generic(e event.GenericEvent) bool { return true }

type GenerationChangedPredicate struct {
	Funcs
}

func (GenerationChangedPredicate) Update(e event.UpdateEvent) bool { return true }

type LabelChangedPredicate struct {
	Funcs
}

type AnnotationChangedPredicate struct {
	Funcs
}

func Or(predicates ...Predicate) Predicate  { return nil }
func And(predicates ...Predicate) Predicate { return nil }

func NewPredicateFuncs(filter func(object client.Object) bool) Funcs { return Funcs{} }
