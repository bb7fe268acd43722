// Reproduces finalizers registered with controller-runtime's finalizer
// registry whose Finalize deletes a Volume and returns no error at once:
// the registry removes the finalizer as soon as Finalize succeeds.
package unobserved

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"

	"foregrounddeletion/storage"
)

type volumeFinalizer struct{ c client.Client }

func (v volumeFinalizer) Finalize(ctx context.Context, obj client.Object) (finalizer.Result, error) {
	vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: obj.GetNamespace(), Name: obj.GetName()}}
	return finalizer.Result{}, client.IgnoreNotFound(v.c.Delete(ctx, vol)) // want `finalizer.Finalizers.Finalize removes the finalizer of the object as soon as Finalize returns no error, as it does after deleting the Volume without observing that the Volume is gone: .* return an error from Finalize until a Get returns not-found`
}

type volumesFinalizer struct{ c client.Client }

func (v volumesFinalizer) Finalize(ctx context.Context, obj client.Object) (finalizer.Result, error) {
	if err := v.c.DeleteAllOf(ctx, &storage.Volume{}, client.InNamespace(obj.GetNamespace())); err != nil { // want `as it does after deleting the Volume objects it selects without observing that they are gone`
		return finalizer.Result{}, err
	}
	return finalizer.Result{}, nil
}

func registerVolumeFinalizers(c client.Client) (finalizer.Finalizers, error) {
	fins := finalizer.NewFinalizers()
	if err := fins.Register("example.com/volume", volumeFinalizer{c}); err != nil {
		return nil, err
	}
	return fins, fins.Register("example.com/volumes", volumesFinalizer{c})
}
