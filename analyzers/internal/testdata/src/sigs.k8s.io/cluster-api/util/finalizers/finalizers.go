// Package finalizers is a stub of sigs.k8s.io/cluster-api/util/finalizers.
package finalizers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// EnsureFinalizer adds a finalizer if the object doesn't have a deletionTimestamp set
// and if the finalizer is not already set, and reports whether it added it.
func EnsureFinalizer(ctx context.Context, c client.Client, o client.Object, finalizer string) (bool, error) {
	if !o.GetDeletionTimestamp().IsZero() || controllerutil.ContainsFinalizer(o, finalizer) {
		return false, nil
	}
	controllerutil.AddFinalizer(o, finalizer)
	return true, c.Update(ctx, o)
}
