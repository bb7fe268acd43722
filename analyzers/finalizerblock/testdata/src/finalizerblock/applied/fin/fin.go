// Package fin edits finalizers through an operation it is given.
package fin

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Name is the operator's finalizer.
const Name = "gadgets.example.com/finalizer"

// Op edits the finalizers of obj.
type Op func(obj client.Object, name string)

// Add adds name to obj's finalizers.
func Add(obj client.Object, name string) {
	obj.SetFinalizers(append(obj.GetFinalizers(), name))
}

// Drop removes name from obj's finalizers.
func Drop(obj client.Object, name string) {
	var kept []string
	for _, f := range obj.GetFinalizers() {
		if f != name {
			kept = append(kept, f)
		}
	}
	obj.SetFinalizers(kept)
}

// Apply runs op on a copy of obj and writes the copy back.
func Apply(ctx context.Context, c client.Client, obj client.Object, op Op) error {
	edited := obj.DeepCopyObject().(client.Object)
	op(edited, Name)
	return c.Update(ctx, edited)
}
