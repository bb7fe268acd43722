// Best-effort lookups of the Cluster by the infrastructure cluster's own // want package:`byName\(FooCluster gets Secret; 0 pairs\)`
// name, whose failure changes nothing: acted on only when found, or only
// logged. A lookup whose failure ends the pass is still reported.
package clusterlabel

import (
	"context"
	"log"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"

	"ownerbyref/infrav1"
)

func (r *FooClusterReconciler) pauseHint(ctx context.Context, fooCluster *infrav1.FooCluster) bool {
	cl := &clusterv1.Cluster{}
	paused := false
	if err := r.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: fooCluster.Name}, cl); err == nil {
		paused = cl.Spec.Paused
	}
	err := r.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: fooCluster.Name + "-mgmt"}, cl)
	if err != nil {
		log.Printf("no management cluster for %s: %v", fooCluster.Name, err)
	}
	return paused
}

func (r *FooClusterReconciler) mustFind(ctx context.Context, fooCluster *infrav1.FooCluster) (reconcile.Result, error) {
	cl := &clusterv1.Cluster{}
	err := r.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: fooCluster.Name}, cl) // want `Get of the owning clusterv1.Cluster by a name taken from the object's own name`
	if err != nil {
		log.Printf("cluster of %s: %v", fooCluster.Name, err)
		return reconcile.Result{}, nil
	}
	return reconcile.Result{}, nil
}
