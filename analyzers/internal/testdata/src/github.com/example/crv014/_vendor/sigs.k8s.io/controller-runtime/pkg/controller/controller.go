// Package controller is a stub of sigs.k8s.io/controller-runtime/pkg/controller v0.14.
package controller

import (
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type Options struct {
	MaxConcurrentReconciles int
	Reconciler              reconcile.Reconciler
}

type Controller interface {
	reconcile.Reconciler
	Watch(src source.Source, eventhandler handler.EventHandler, predicates ...predicate.Predicate) error
}

// New returns a controller registered with mgr.
func New(name string, mgr manager.Manager, options Options) (Controller, error) { return nil, nil }
