// Reproduces Cluster API controllers writing into a workload cluster through a client obtained from the cluster cache.
package negative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
)

type ClusterCache interface {
	GetClient(ctx context.Context, cluster client.ObjectKey) (client.Client, error)
}

type RemoteReconciler struct {
	client.Client
	ClusterCache ClusterCache
}

func (r *RemoteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	remoteClient, err := r.ClusterCache.GetClient(ctx, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(m, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, remoteClient.Create(ctx, cm)
}

func (r *RemoteReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Complete(r)
}
