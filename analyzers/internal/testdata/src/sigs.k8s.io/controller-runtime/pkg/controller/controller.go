// Package controller is a stub of sigs.k8s.io/controller-runtime/pkg/controller.
package controller

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type Options = TypedOptions[reconcile.Request]

type TypedOptions[request comparable] struct {
	MaxConcurrentReconciles int
	Reconciler              reconcile.TypedReconciler[request]
}

type Controller = TypedController[reconcile.Request]

type TypedController[request comparable] interface {
	reconcile.TypedReconciler[request]
	Watch(src source.TypedSource[request]) error
}

// New returns a controller registered with mgr.
func New(name string, mgr manager.Manager, options Options) (Controller, error) { return nil, nil }

// NewUnmanaged returns a controller the caller adds to mgr.
func NewUnmanaged(name string, mgr manager.Manager, options Options) (Controller, error) {
	return nil, nil
}

// Keep the imports used, as the real package does.
var _ client.Object
var _ handler.EventHandler
var _ predicate.Predicate
