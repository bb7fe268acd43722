// CAPA/CAPZ-style scopes that wrap the reconciled object, and a generic key helper: the label still reaches the Cluster lookup.
package clusterlabel

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"

	"ownerbyref/infrav1"
)

type ClusterScope struct {
	FooCluster *infrav1.FooCluster
}

func keyFor[N ~string](namespace string, name N) client.ObjectKey {
	return client.ObjectKey{Namespace: namespace, Name: string(name)}
}

func (r *FooClusterReconciler) reconcileWithScope(ctx context.Context, scope *ClusterScope) error {
	cluster := &clusterv1.Cluster{}
	return r.Get(ctx, keyFor(scope.FooCluster.Namespace, scope.FooCluster.Labels[clusterv1.ClusterNameLabel]), cluster) // want `Get of the owning clusterv1.Cluster by a name taken from a label of the object`
}
