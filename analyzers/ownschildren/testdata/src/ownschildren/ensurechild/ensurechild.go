// Reproduces a controller that uses the runtime's ownership.EnsureChild but forgot to watch the child.
package ensurechild

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/deletionlint/deletionlint/runtime/ownership"

	cachev1 "ownschildren/api/v1"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &cachev1.Memcached{}
	pvc := &corev1.PersistentVolumeClaim{}
	_, err := ownership.EnsureChild(ctx, r.Client, m, pvc, func() error { return nil }) // want `corev1.PersistentVolumeClaim is created with a controller reference to cachev1.Memcached`
	return reconcile.Result{}, err
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	_, err := builder.TypedControllerManagedBy[reconcile.Request](mgr).
		Named("memcached").
		For(&cachev1.Memcached{}).
		Build(r)
	return err
}
