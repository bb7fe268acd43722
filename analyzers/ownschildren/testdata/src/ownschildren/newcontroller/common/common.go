// Package common makes the controllers of a project that wraps
// controller.New, and the sources they watch.
package common

import (
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// NewController makes the controller named name for r; the caller adds
// its watches.
func NewController(mgr manager.Manager, name string, r reconcile.Reconciler) (controller.Controller, error) {
	c, err := controller.New(name, mgr, controller.Options{Reconciler: r, MaxConcurrentReconciles: 2})
	return c, err
}

// Matcher selects the namespaces a controller serves.
type Matcher struct{ Namespaces []string }

// NamespacedKind is source.Kind restricted to m's namespaces.
func NamespacedKind[T client.Object](m Matcher, c cache.Cache, obj T, h handler.TypedEventHandler[T, reconcile.Request]) source.SyncingSource {
	return source.Kind(c, obj, h)
}
