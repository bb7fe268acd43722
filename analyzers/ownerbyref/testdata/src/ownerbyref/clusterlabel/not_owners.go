// Lookups the FooCluster reconciler makes that are not owner lookups: itself, its own children by name, the Secret its spec references, a Cluster named by a spec field, and a watch map function.
package clusterlabel

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"

	"ownerbyref/infrav1"
)

func (r *FooClusterReconciler) notOwners(ctx context.Context, fooCluster *infrav1.FooCluster) error {
	self := &infrav1.FooCluster{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(fooCluster), self); err != nil {
		return err
	}
	kubeconfig := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: fooCluster.Namespace, Name: fooCluster.Name + "-kubeconfig"}, kubeconfig); err != nil {
		return err
	}
	identity := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: fooCluster.Spec.IdentityRef.Name}, identity); err != nil {
		return err
	}
	return r.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: fooCluster.Spec.ClusterName}, &clusterv1.Cluster{})
}

// clusterToFooClusters is a watch map function: mapping by label is what it is for.
func (r *FooClusterReconciler) clusterToFooClusters(ctx context.Context, o client.Object) []reconcile.Request {
	fooCluster, ok := o.(*infrav1.FooCluster)
	if !ok {
		return nil
	}
	cluster := &clusterv1.Cluster{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: fooCluster.Labels[clusterv1.ClusterNameLabel]}, cluster); err != nil {
		return nil
	}
	return []reconcile.Request{{NamespacedName: client.ObjectKeyFromObject(fooCluster)}}
}
