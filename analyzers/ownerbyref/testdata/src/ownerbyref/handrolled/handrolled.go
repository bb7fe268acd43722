// A reconciler that walks its owner references by hand and then reads the owner by ref.Name (prometheus-operator and many operators do this): not a finding.
package handrolled

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"

	"ownerbyref/infrav1"
)

type FooClusterReconciler struct{ client.Client }

func (r *FooClusterReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	fooCluster := &infrav1.FooCluster{}
	if err := r.Get(ctx, req.NamespacedName, fooCluster); err != nil {
		return reconcile.Result{}, err
	}
	for _, ref := range fooCluster.GetOwnerReferences() {
		if ref.Kind != "Cluster" {
			continue
		}
		cluster := &clusterv1.Cluster{}
		if err := r.Get(ctx, client.ObjectKey{Namespace: fooCluster.Namespace, Name: ref.Name}, cluster); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}
