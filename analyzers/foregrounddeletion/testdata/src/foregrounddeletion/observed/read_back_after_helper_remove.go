package observed

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"foregrounddeletion/storage"
)

// removeVolume deletes v; its callers read it back.
func (r *ReadBackAfterHelper) removeVolume(ctx context.Context, v *storage.Volume) error {
	return client.IgnoreNotFound(r.Delete(ctx, v))
}
