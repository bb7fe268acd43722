// Reproduces a Cluster API infrastructure provider that finds its Cluster by its own name and reads its owner references only afterwards, to adopt itself under that Cluster when the reference is missing: the lookup is still by name, and never sees the owner's deletion; also the same lookup in a helper named after owners and in the deletion path.
package adoption

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"

	"ownerbyref/infrav1"
)

type FooClusterReconciler struct{ client.Client }

func (r *FooClusterReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	fooCluster := &infrav1.FooCluster{}
	if err := r.Get(ctx, req.NamespacedName, fooCluster); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	cluster := &clusterv1.Cluster{}
	key := types.NamespacedName{Namespace: fooCluster.Namespace, Name: fooCluster.Name}
	if err := r.Get(ctx, key, cluster); err != nil { // want `Get of the owning clusterv1.Cluster by a name taken from the object's own name`
		return reconcile.Result{}, err
	}
	adopted := false
	for _, ref := range fooCluster.OwnerReferences {
		if ref.Kind == "Cluster" && ref.Name == cluster.Name {
			adopted = true
		}
	}
	if !adopted {
		fooCluster.OwnerReferences = append(fooCluster.OwnerReferences, metav1.OwnerReference{
			APIVersion: "cluster.x-k8s.io/v1beta1", Kind: "Cluster", Name: cluster.Name, UID: cluster.UID,
		})
		if err := r.Update(ctx, fooCluster); err != nil {
			return reconcile.Result{}, err
		}
	}
	if !fooCluster.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, fooCluster)
	}
	return reconcile.Result{}, nil
}

// getOwnerCluster is named after owners, but finds the Cluster by name.
func (r *FooClusterReconciler) getOwnerCluster(ctx context.Context, fooCluster *infrav1.FooCluster) (*clusterv1.Cluster, error) {
	cluster := &clusterv1.Cluster{}
	err := r.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: fooCluster.Name}, cluster) // want `Get of the owning clusterv1.Cluster by a name taken from the object's own name`
	return cluster, err
}

func (r *FooClusterReconciler) reconcileDelete(ctx context.Context, fooCluster *infrav1.FooCluster) (reconcile.Result, error) {
	cluster, err := r.getOwnerCluster(ctx, fooCluster)
	if err != nil {
		return reconcile.Result{}, err
	}
	_ = cluster
	return reconcile.Result{}, nil
}
