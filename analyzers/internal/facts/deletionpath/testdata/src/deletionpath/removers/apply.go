package removers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Apply runs op on a copy of obj and writes the copy back: given a remover
// of its argument, it releases obj's finalizer.
func Apply(ctx context.Context, c client.Client, obj client.Object, op func(client.Object, string)) error { // want Apply:"applies param 3 to param 2 \\(argument 0\\)"
	edited := obj.DeepCopyObject().(client.Object)
	op(edited, "example.com/finalizer")
	return c.Update(ctx, edited)
}

// Notify calls its callback with a name, never with the object.
func Notify(obj client.Object, done func(string)) {
	done(obj.GetName())
}
