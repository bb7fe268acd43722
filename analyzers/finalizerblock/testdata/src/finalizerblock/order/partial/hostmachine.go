package partial

import (
	"context"

	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type HostMachineReconciler struct {
	client.Client
}

func (r *HostMachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &HostMachine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	machine, err := util.GetOwnerMachine(ctx, r.Client, m.ObjectMeta)
	if err != nil || machine == nil {
		return ctrl.Result{}, err
	}
	if m.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(m, machineFinalizer) {
			return ctrl.Result{}, r.Update(ctx, m)
		}
		return ctrl.Result{}, nil
	}
	hc := &HostCluster{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.ClusterName}, hc); err != nil {
		return ctrl.Result{}, err
	}
	// ... release the machine's address in hc's network ...
	controllerutil.RemoveFinalizer(m, machineFinalizer)
	return ctrl.Result{}, r.Update(ctx, m)
}
