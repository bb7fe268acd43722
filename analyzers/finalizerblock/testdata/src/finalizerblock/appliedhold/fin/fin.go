// Package fin manages finalizers by applying an edit to an object and
// writing it back: Manage(ctx, c, obj, Set) protects obj, Manage(ctx, c,
// obj, Unset) releases it.
package fin

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const Name = "example.com/in-use"

// Set adds the finalizer to obj.
func Set(obj client.Object, name string) { controllerutil.AddFinalizer(obj, name) }

// Unset removes it.
func Unset(obj client.Object, name string) { controllerutil.RemoveFinalizer(obj, name) }

// Manage applies op to obj and writes it back.
func Manage(ctx context.Context, c client.Client, obj client.Object, op func(client.Object, string)) error {
	op(obj, Name)
	return c.Update(ctx, obj)
}
