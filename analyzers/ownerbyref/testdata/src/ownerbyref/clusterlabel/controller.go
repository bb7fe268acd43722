// An infrastructure provider's FooCluster reconciler, which holds a finalizer on its FooCluster, that finds its Cluster by the cluster-name label instead of its owner references (the bug CAPI providers fixed by moving to util.GetOwnerCluster).
package clusterlabel

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"

	"ownerbyref/infrav1"
)

type FooClusterReconciler struct {
	client.Client
}

func (r *FooClusterReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	fooCluster := &infrav1.FooCluster{}
	if err := r.Get(ctx, req.NamespacedName, fooCluster); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	controllerutil.AddFinalizer(fooCluster, "foocluster.infrastructure.example.com")
	clusterName := fooCluster.Labels[clusterv1.ClusterNameLabel]
	key := client.ObjectKey{Namespace: fooCluster.Namespace, Name: clusterName}
	cluster := &clusterv1.Cluster{}
	if err := r.Get(ctx, key, cluster); err != nil { // want `Get of the owning clusterv1.Cluster by a name taken from a label of the object: an owner with another name is never found and its deletion is never seen, so the object and what it manages leak; find the owner through the owner references with util.GetOwnerCluster`
		return reconcile.Result{}, err
	}
	return r.reconcileNormal(ctx, fooCluster, cluster)
}
