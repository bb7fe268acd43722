// Reproduces a Cluster API infrastructure machine controller whose deletion
// code lives in helpers in another file (CAPD's dockermachine_controller.go
// and its reconcileDelete).
package deletehelper

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/api"
)

type MachineReconciler struct {
	client.Client
}

func (r *MachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	machine := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, machine); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !machine.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, machine)
	}
	return ctrl.Result{}, nil
}

type GoodMachineReconciler struct {
	client.Client
}

func (r *GoodMachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	machine := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, machine); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if machine.GetDeletionTimestamp() == nil {
		return ctrl.Result{}, nil
	}
	return r.reconcileDelete(ctx, machine)
}
