// Package event is a stub of sigs.k8s.io/controller-runtime/pkg/event v0.14.
package event

import "sigs.k8s.io/controller-runtime/pkg/client"

type CreateEvent struct{ Object client.Object }
type UpdateEvent struct{ ObjectOld, ObjectNew client.Object }
type DeleteEvent struct {
	Object             client.Object
	DeleteStateUnknown bool
}
type GenericEvent struct{ Object client.Object }
