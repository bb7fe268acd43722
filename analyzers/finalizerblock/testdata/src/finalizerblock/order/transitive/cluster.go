package transitive

import (
	"context"
	"time"

	"sigs.k8s.io/cluster-api/util"
	"sigs.k8s.io/cluster-api/util/collections"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type HostClusterReconciler struct {
	client.Client
}

func (r *HostClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	hc := &HostCluster{}
	if err := r.Get(ctx, req.NamespacedName, hc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, hc.ObjectMeta)
	if err != nil || cluster == nil {
		return ctrl.Result{}, err
	}
	if hc.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(hc, clusterFinalizer) {
			return ctrl.Result{}, r.Update(ctx, hc)
		}
		return ctrl.Result{}, nil
	}
	// Wait for the cluster's Machines: each deletes its HostMachine first.
	machines, err := collections.GetFilteredMachinesForCluster(ctx, r.Client, cluster)
	if err != nil {
		return ctrl.Result{}, err
	}
	if len(machines) > 0 {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	// ... delete the cluster's network ...
	controllerutil.RemoveFinalizer(hc, clusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, hc)
}
