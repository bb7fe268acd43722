// Package health makes the sources of a project's controllers: a channel of
// cluster-health events, which watches no kind, and a source of Secrets.
package health

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// Tracker sends an event when a cluster's health changes.
type Tracker interface {
	// Source returns a source of the health events of the clusters.
	Source(mapFunc handler.MapFunc) source.Source
}

// NewTracker returns the project's tracker.
func NewTracker() Tracker { return &tracker{} }

type tracker struct {
	ch chan event.GenericEvent
}

func (t *tracker) Source(mapFunc handler.MapFunc) source.Source {
	return source.Channel(t.ch, handler.EnqueueRequestsFromMapFunc(mapFunc))
}

// Changes returns a source of health events for one controller.
func Changes(mapFunc handler.MapFunc) source.Source {
	t := &tracker{ch: make(chan event.GenericEvent)}
	return t.Source(mapFunc)
}

// Secrets returns a source of the Secrets of c, mapped to their owners.
func Secrets(c cache.Cache, h handler.TypedEventHandler[*corev1.Secret, reconcile.Request]) source.SyncingSource {
	return source.Kind(c, &corev1.Secret{}, h)
}

// Any returns a source of whatever obj is.
func Any[T client.Object](c cache.Cache, obj T, h handler.TypedEventHandler[T, reconcile.Request]) source.SyncingSource {
	return source.Kind(c, obj, h)
}

// MapNothing maps no event.
func MapNothing(context.Context, client.Object) []reconcile.Request { return nil }
