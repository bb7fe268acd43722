// Reproduces the cleanup helper of a split reconciler: it deletes the
// child PersistentVolumeClaim and returns at once.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func (r *SplitReconciler) cleanup(ctx context.Context, obj *corev1.ConfigMap) error {
	secret := &corev1.PersistentVolumeClaim{}
	secret.Namespace, secret.Name = obj.Namespace, obj.Name+"-creds"
	return client.IgnoreNotFound(r.Delete(ctx, secret))
}
