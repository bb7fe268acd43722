// Package event is a stub of sigs.k8s.io/controller-runtime/pkg/event.
package event

import "sigs.k8s.io/controller-runtime/pkg/client"

type CreateEvent = TypedCreateEvent[client.Object]
type UpdateEvent = TypedUpdateEvent[client.Object]
type DeleteEvent = TypedDeleteEvent[client.Object]
type GenericEvent = TypedGenericEvent[client.Object]

type TypedCreateEvent[object any] struct{ Object object }
type TypedUpdateEvent[object any] struct{ ObjectOld, ObjectNew object }
type TypedDeleteEvent[object any] struct {
	Object             object
	DeleteStateUnknown bool
}
type TypedGenericEvent[object any] struct{ Object object }
