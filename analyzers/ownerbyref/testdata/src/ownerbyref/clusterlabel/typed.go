// A typed reconciler (completed with reconcile.AsReconciler) is given its object rather than reading it by the request's key: a Cluster found by the object's label is the same bug.
package clusterlabel

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"

	"ownerbyref/infrav1"
)

type TypedFooClusterReconciler struct {
	client.Client
}

func (r *TypedFooClusterReconciler) Reconcile(ctx context.Context, fooCluster *infrav1.FooCluster) (reconcile.Result, error) {
	controllerutil.AddFinalizer(fooCluster, "foocluster.infrastructure.example.com")
	cluster := &clusterv1.Cluster{}
	key := client.ObjectKey{Namespace: fooCluster.Namespace, Name: fooCluster.Labels[clusterv1.ClusterNameLabel]}
	if err := r.Get(ctx, key, cluster); err != nil { // want `Get of the owning clusterv1.Cluster by a name taken from a label of the object`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}
