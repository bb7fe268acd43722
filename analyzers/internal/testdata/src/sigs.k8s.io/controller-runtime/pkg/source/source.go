// Package source is a stub of sigs.k8s.io/controller-runtime/pkg/source.
package source

import "sigs.k8s.io/controller-runtime/pkg/reconcile"

type Source = TypedSource[reconcile.Request]

type TypedSource[request comparable] interface {
	String() string
}
