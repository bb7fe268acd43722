// Package finalizers reproduces a shared finalizer helper that tests
// deletion itself: on a live object it adds the finalizer; on one being
// deleted it runs the cleanup and then removes the finalizer. Its callers
// call it on every pass, without a deletion branch of their own.
package finalizers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Handle adds finalizer to a live obj, or, once obj is being deleted, runs
// cleanup and removes finalizer. It reports whether obj is being deleted.
func Handle(ctx context.Context, c client.Client, obj client.Object, finalizer string, cleanup func(context.Context) error) (bool, error) {
	if obj.GetDeletionTimestamp().IsZero() {
		if controllerutil.AddFinalizer(obj, finalizer) {
			return false, c.Update(ctx, obj)
		}
		return false, nil
	}
	if !controllerutil.ContainsFinalizer(obj, finalizer) {
		return true, nil
	}
	if err := cleanup(ctx); err != nil {
		return true, err
	}
	controllerutil.RemoveFinalizer(obj, finalizer)
	return true, c.Update(ctx, obj)
}
