// Package finalizer is a stub of github.com/deletionlint/deletionlint/runtime/finalizer.
package finalizer

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func Add(ctx context.Context, c client.Client, obj client.Object, name string) error    { return nil }
func Remove(ctx context.Context, c client.Client, obj client.Object, name string) error { return nil }

type Runner struct {
	Client  client.Client
	Name    string
	Cleanup func(ctx context.Context, obj client.Object) error
}

func (r Runner) Reconcile(ctx context.Context, obj client.Object) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}
