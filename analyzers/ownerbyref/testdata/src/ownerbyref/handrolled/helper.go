// A FooMachine reconciler that finds its owner through a helper of another package (Cluster API bootstrap's GetConfigOwner) before reading the Cluster by label: it does consult its owner references.
package handrolled

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"sigs.k8s.io/cluster-api/util"

	"ownerbyref/bsutil"
	"ownerbyref/infrav1"
)

type FooMachineReconciler struct{ client.Client }

func (r *FooMachineReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	m := &infrav1.FooMachine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return reconcile.Result{}, err
	}
	if _, err := bsutil.GetConfigOwner(ctx, r.Client, m); err != nil {
		return reconcile.Result{}, err
	}
	_, err := util.GetClusterFromMetadata(ctx, r.Client, m.ObjectMeta)
	return reconcile.Result{}, err
}
