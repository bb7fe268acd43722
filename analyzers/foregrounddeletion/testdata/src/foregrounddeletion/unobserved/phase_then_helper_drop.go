package unobserved

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"foregrounddeletion/storage"
)

// dropVolume deletes v and returns at once.
func (r *PhaseThenHelper) dropVolume(ctx context.Context, v *storage.Volume) error {
	return client.IgnoreNotFound(r.Delete(ctx, v))
}
