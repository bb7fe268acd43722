// Package watch reproduces an operator's watch helper: a struct that keeps a
// controller's builder and adds to it watches of the objects the reconciled
// objects refer to (ConfigMaps, through a map function), and the Secrets
// they own.
package watch

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Indexer adds watches to the builder it keeps.
type Indexer struct {
	Builder *builder.Builder
}

// Watch adds the watches.
func (i *Indexer) Watch() {
	i.Builder.Watches(&corev1.ConfigMap{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
		return nil
	}))
	i.Builder.Owns(&corev1.Secret{})
}

// WatchObject watches the objects of obj's kind: its callers name the kind.
func (i *Indexer) WatchObject(obj client.Object) {
	i.Builder.Watches(obj, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
		return nil
	}))
}
