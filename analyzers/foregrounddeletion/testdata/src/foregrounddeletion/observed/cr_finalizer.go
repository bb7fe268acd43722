// Reproduces a finalizer registered with controller-runtime's finalizer
// registry whose Finalize deletes a Volume and fails until a Get finds it
// gone: the registry keeps the finalizer while Finalize fails.
package observed

import (
	"context"
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/finalizer"

	"foregrounddeletion/storage"
)

type volumeFinalizer struct{ c client.Client }

func (v volumeFinalizer) Finalize(ctx context.Context, obj client.Object) (finalizer.Result, error) {
	vol := &storage.Volume{ObjectMeta: metav1.ObjectMeta{Namespace: obj.GetNamespace(), Name: obj.GetName()}}
	if err := v.c.Delete(ctx, vol); client.IgnoreNotFound(err) != nil {
		return finalizer.Result{}, err
	}
	if err := v.c.Get(ctx, client.ObjectKeyFromObject(vol), vol); !apierrors.IsNotFound(err) {
		return finalizer.Result{}, errors.New("volume still there")
	}
	return finalizer.Result{}, nil
}

func registerVolumeFinalizer(c client.Client) (finalizer.Finalizers, error) {
	fins := finalizer.NewFinalizers()
	return fins, fins.Register("example.com/volume", volumeFinalizer{c})
}
