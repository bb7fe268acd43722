// Reproduces an infrastructure provider's FooMachine reconciler that holds no finalizer and reads its Cluster by the cluster-name label Cluster API stamps together with the owner reference: it blocks nothing on the Cluster, so the lookup is not reported.
package clusterlabel

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"

	"ownerbyref/infrav1"
)

type FooMachineReconciler struct {
	client.Client
}

func (r *FooMachineReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &infrav1.FooMachine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	cluster := &clusterv1.Cluster{}
	key := client.ObjectKey{Namespace: m.Namespace, Name: m.Labels[clusterv1.ClusterNameLabel]}
	if err := r.Get(ctx, key, cluster); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}
