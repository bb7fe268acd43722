// Package lease releases a lock held in a Lease.
package lease

import (
	"context"
	"errors"
	"fmt"

	coordv1 "k8s.io/api/coordination/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ErrNotHolder says that another holder holds the lock.
var ErrNotHolder = errors.New("not the holder of the lock")

// Release deletes the Lease namespace/name if holder holds it.
func Release(ctx context.Context, c client.Client, namespace, name, holder string) error {
	l := &coordv1.Lease{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: namespace, Name: name}, l); err != nil {
		return fmt.Errorf("get lease: %w", err)
	}
	if l.Spec.HolderIdentity != nil && *l.Spec.HolderIdentity != holder {
		return ErrNotHolder
	}
	return c.Delete(ctx, l)
}
