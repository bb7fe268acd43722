// Package handler is a stub of sigs.k8s.io/controller-runtime/pkg/handler v0.14.
package handler

import (
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type EventHandler interface {
	Create(event.CreateEvent)
	Delete(event.DeleteEvent)
}

type EnqueueRequestForObject struct{}

func (e *EnqueueRequestForObject) Create(event.CreateEvent) {}
func (e *EnqueueRequestForObject) Delete(event.DeleteEvent) {}

// EnqueueRequestForOwner enqueues the owner of the object (its controller
// only, with IsController).
type EnqueueRequestForOwner struct {
	OwnerType    runtime.Object
	IsController bool
}

func (e *EnqueueRequestForOwner) Create(event.CreateEvent) {}
func (e *EnqueueRequestForOwner) Delete(event.DeleteEvent) {}

type MapFunc func(client.Object) []reconcile.Request

func EnqueueRequestsFromMapFunc(fn MapFunc) EventHandler { return nil }
