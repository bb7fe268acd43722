// Package handler is a stub of sigs.k8s.io/controller-runtime/pkg/handler.
package handler

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type EventHandler = TypedEventHandler[client.Object, reconcile.Request]

type TypedEventHandler[object any, request comparable] interface {
	Create(context.Context, object)
	Delete(context.Context, object)
}

type EnqueueRequestForObject = TypedEnqueueRequestForObject[client.Object]

type TypedEnqueueRequestForObject[object client.Object] struct{}

func (e *TypedEnqueueRequestForObject[T]) Create(context.Context, T) {}
func (e *TypedEnqueueRequestForObject[T]) Delete(context.Context, T) {}

type OwnerOption func(e enqueueRequestForOwnerInterface)

type enqueueRequestForOwnerInterface interface{}

func OnlyControllerOwner() OwnerOption { return nil }

func EnqueueRequestForOwner(scheme *runtime.Scheme, mapper meta.RESTMapper, ownerType client.Object, opts ...OwnerOption) EventHandler {
	return nil
}

func TypedEnqueueRequestForOwner[object client.Object](scheme *runtime.Scheme, mapper meta.RESTMapper, ownerType client.Object, opts ...OwnerOption) TypedEventHandler[object, reconcile.Request] {
	return nil
}

type MapFunc = TypedMapFunc[client.Object, reconcile.Request]

type TypedMapFunc[object any, request comparable] func(context.Context, object) []request

func EnqueueRequestsFromMapFunc(fn MapFunc) EventHandler { return nil }

func TypedEnqueueRequestsFromMapFunc[object any, request comparable](fn TypedMapFunc[object, request]) TypedEventHandler[object, request] {
	return nil
}
