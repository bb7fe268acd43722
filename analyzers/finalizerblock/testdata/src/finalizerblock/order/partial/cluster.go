package partial

import (
	"context"
	"time"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
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
	machines, hosts, err := r.hostMachines(ctx, hc)
	if err != nil {
		return ctrl.Result{}, err
	}
	if len(machines) > 0 || len(hosts) > 0 {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(hc, clusterFinalizer) // want `HostCluster releases finalizer "example.com/hostcluster" here without waiting for the MetalMachine objects whose deletion needs it`
	return ctrl.Result{}, r.Update(ctx, hc)
}

// hostMachines returns the Machines whose infrastructure is a HostMachine,
// and the HostMachines.
func (r *HostClusterReconciler) hostMachines(ctx context.Context, hc *HostCluster) ([]*clusterv1.Machine, []*HostMachine, error) {
	machines := &clusterv1.MachineList{}
	if err := r.List(ctx, machines, client.InNamespace(hc.Namespace)); err != nil {
		return nil, nil, err
	}
	var kept []*clusterv1.Machine
	for i := range machines.Items {
		if machines.Items[i].Spec.InfrastructureRef.Kind != "HostMachine" {
			continue
		}
		kept = append(kept, &machines.Items[i])
	}
	hosts := &HostMachineList{}
	if err := r.List(ctx, hosts, client.InNamespace(hc.Namespace)); err != nil {
		return nil, nil, err
	}
	out := make([]*HostMachine, 0, len(hosts.Items))
	for i := range hosts.Items {
		out = append(out, &hosts.Items[i])
	}
	return kept, out, nil
}
