// Package hold keeps objects a reconciler depends on with a finalizer of
// its own, and lets them go.
package hold

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Release removes the finalizer name from obj and writes obj back.
func Release(ctx context.Context, c client.Client, obj client.Object, name string) error {
	if !controllerutil.RemoveFinalizer(obj, name) {
		return nil
	}
	return c.Update(ctx, obj)
}
