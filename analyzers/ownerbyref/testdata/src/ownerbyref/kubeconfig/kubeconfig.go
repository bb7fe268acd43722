// A controller that reconciles the kubeconfig Secrets Cluster API writes and finds their Cluster by the cluster-name label, as the contract defines: a built-in kind is not an infrastructure object, so not reported.
package kubeconfig

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
)

type SecretReconciler struct{ client.Client }

func (r *SecretReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return reconcile.Result{}, err
	}
	cluster := &clusterv1.Cluster{}
	return reconcile.Result{}, r.Get(ctx, client.ObjectKey{Namespace: s.Namespace, Name: s.Labels[clusterv1.ClusterNameLabel]}, cluster)
}
