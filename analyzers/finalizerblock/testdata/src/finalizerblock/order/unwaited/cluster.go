package unwaited

import (
	"context"

	"sigs.k8s.io/cluster-api/util"
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
	// ... delete the cluster's network ...
	controllerutil.RemoveFinalizer(hc, clusterFinalizer) // want `HostCluster releases finalizer "example.com/hostcluster" here without waiting for the HostMachine objects whose deletion needs it`
	return ctrl.Result{}, r.Update(ctx, hc)
}
