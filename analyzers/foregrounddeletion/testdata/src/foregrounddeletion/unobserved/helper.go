// Reproduces the cleanup helper of a split reconciler: it deletes the
// child Volume and returns at once.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"foregrounddeletion/storage"
)

func (r *SplitReconciler) cleanup(ctx context.Context, obj *corev1.ConfigMap) error {
	vol := &storage.Volume{}
	vol.Namespace, vol.Name = obj.Namespace, obj.Name+"-data"
	return client.IgnoreNotFound(r.Delete(ctx, vol))
}
