// Package source is a stub of sigs.k8s.io/controller-runtime/pkg/source.
package source

import (
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Source = TypedSource[reconcile.Request]

type TypedSource[request comparable] interface {
	String() string
}

// SyncingSource is a source that needs syncing.
type SyncingSource = TypedSyncingSource[reconcile.Request]

type TypedSyncingSource[request comparable] interface {
	TypedSource[request]
	WaitForSync() error
}

// Kind watches the objects of obj's kind in cache.
func Kind[object client.Object](c cache.Cache, obj object, h handler.TypedEventHandler[object, reconcile.Request], predicates ...predicate.TypedPredicate[object]) SyncingSource {
	return nil
}

// Channel turns the events sent on source into reconcile requests.
func Channel[object any](source <-chan event.TypedGenericEvent[object], h handler.TypedEventHandler[object, reconcile.Request]) Source {
	return nil
}
