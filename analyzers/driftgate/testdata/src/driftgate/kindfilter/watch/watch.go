// Package watch holds a controller's predicates, as operators keep them
// beside the controller in a package of their own.
package watch

import (
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "driftgate/api/v1"
	"driftgate/kindfilter/fw"
)

// SizedCache accepts the Memcached objects that ask for a size only.
func SizedCache() fw.PredicateFn { // want SizedCache:`returnsKindPredicate\(driftgate/api/v1.Memcached\)`
	return func(obj runtime.Object) bool {
		m, ok := obj.(*cachev1.Memcached)
		if !ok {
			return false
		}
		return m.Spec.Size > 0
	}
}

// Primary is SizedCache by another name.
func Primary() fw.PredicateFn { // want Primary:`returnsKindPredicate\(driftgate/api/v1.Memcached\)`
	return SizedCache()
}

// Labelled accepts any object with labels: no kind.
func Labelled() fw.PredicateFn {
	return func(obj runtime.Object) bool {
		return obj != nil
	}
}

// IsCache is itself a predicate of one kind.
func IsCache(obj client.Object) bool { // want IsCache:`kindPredicate\(driftgate/api/v1.Memcached\)`
	_, ok := obj.(*cachev1.Memcached)
	return ok
}
