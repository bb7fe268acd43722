// Lookups of the Cluster by the infrastructure cluster's own name, directly, derived, through Cluster API's GetClusterByName and GetClusterFromMetadata, a List by label, and inside a closure.
package clusterlabel

import (
	"context"
	"strings"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"

	"ownerbyref/infrav1"
)

func (r *FooClusterReconciler) reconcileNormal(ctx context.Context, fooCluster *infrav1.FooCluster, _ *clusterv1.Cluster) (reconcile.Result, error) {
	same := &clusterv1.Cluster{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: fooCluster.GetName()}, same); err != nil { // want `Get of the owning clusterv1.Cluster by a name taken from the object's own name`
		return reconcile.Result{}, err
	}
	trimmed := strings.TrimSuffix(fooCluster.Name, "-foo")
	if _, err := util.GetClusterByName(ctx, r.Client, fooCluster.Namespace, trimmed); err != nil { // want `util.GetClusterByName of the owning clusterv1.Cluster by a name taken from the object's own name`
		return reconcile.Result{}, err
	}
	if _, err := util.GetClusterFromMetadata(ctx, r.Client, fooCluster.ObjectMeta); err != nil { // want `util.GetClusterFromMetadata of the owning clusterv1.Cluster by a name taken from a label of the object`
		return reconcile.Result{}, err
	}
	clusters := &clusterv1.ClusterList{}
	if err := r.List(ctx, clusters, client.InNamespace(fooCluster.Namespace), client.MatchingLabels{"foo.example.com/cluster": fooCluster.Name}); err != nil { // want `List of the owning clusterv1.Cluster by a name taken from the object's own name`
		return reconcile.Result{}, err
	}
	lookup := func() error {
		return r.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: trimmed}, &clusterv1.Cluster{}) // want `Get of the owning clusterv1.Cluster by a name taken from the object's own name`
	}
	return reconcile.Result{}, lookup()
}

// byRequest reads the Cluster with the request's own key.
func (r *FooClusterReconciler) byRequest(ctx context.Context, req reconcile.Request) error {
	return r.Get(ctx, req.NamespacedName, &clusterv1.Cluster{}) // want `Get of the owning clusterv1.Cluster by a name taken from the object's own name`
}
