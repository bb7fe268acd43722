// Package predicate is a stub of sigs.k8s.io/controller-runtime/pkg/predicate.
package predicate

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
)

type Predicate = TypedPredicate[client.Object]

type TypedPredicate[object any] interface {
	Create(event.TypedCreateEvent[object]) bool
	Delete(event.TypedDeleteEvent[object]) bool
	Update(event.TypedUpdateEvent[object]) bool
	Generic(event.TypedGenericEvent[object]) bool
}

type Funcs = TypedFuncs[client.Object]

type TypedFuncs[object any] struct {
	CreateFunc  func(event.TypedCreateEvent[object]) bool
	DeleteFunc  func(event.TypedDeleteEvent[object]) bool
	UpdateFunc  func(event.TypedUpdateEvent[object]) bool
	GenericFunc func(event.TypedGenericEvent[object]) bool
}

func (p TypedFuncs[object]) Create(e event.TypedCreateEvent[object]) bool   { return true }
func (p TypedFuncs[object]) Delete(e event.TypedDeleteEvent[object]) bool   { return true }
func (p TypedFuncs[object]) Update(e event.TypedUpdateEvent[object]) bool   { return true }
func (p TypedFuncs[object]) Generic(e event.TypedGenericEvent[object]) bool { return true }

type GenerationChangedPredicate = TypedGenerationChangedPredicate[client.Object]

type TypedGenerationChangedPredicate[object metav1.Object] struct {
	TypedFuncs[object]
}

func (TypedGenerationChangedPredicate[object]) Update(e event.TypedUpdateEvent[object]) bool {
	return true
}

type ResourceVersionChangedPredicate = TypedResourceVersionChangedPredicate[client.Object]

type TypedResourceVersionChangedPredicate[T metav1.Object] struct {
	TypedFuncs[T]
}

type AnnotationChangedPredicate = TypedAnnotationChangedPredicate[client.Object]

type TypedAnnotationChangedPredicate[object metav1.Object] struct {
	TypedFuncs[object]
}

type LabelChangedPredicate = TypedLabelChangedPredicate[client.Object]

type TypedLabelChangedPredicate[object metav1.Object] struct {
	TypedFuncs[object]
}

func Or[object any](predicates ...TypedPredicate[object]) TypedPredicate[object]  { return nil }
func And[object any](predicates ...TypedPredicate[object]) TypedPredicate[object] { return nil }
func Not[object any](predicate TypedPredicate[object]) TypedPredicate[object]     { return nil }

func NewPredicateFuncs(filter func(object client.Object) bool) Funcs { return Funcs{} }
