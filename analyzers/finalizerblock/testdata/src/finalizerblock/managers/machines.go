package managers

import (
	"context"

	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/api"
	"finalizerblock/managers/mgr"
)

// The machine controllers reach their finalizer through a manager whose
// finalizer methods are promoted from a struct it embeds: they add and
// remove the finalizer all the same. The first adds it only once the
// owning Machine is found; the second adds it first, so its return on a
// missing owner strands it.

type MachineReconciler struct {
	client.Client
	Managers mgr.Factory
}

func (r *MachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dm := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, dm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	machine, err := util.GetOwnerMachine(ctx, r.Client, dm.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if machine == nil {
		return ctrl.Result{}, nil // no owner yet: the manager never added the finalizer
	}
	m := r.Managers.NewMachineManager(dm)
	if !dm.DeletionTimestamp.IsZero() {
		if err := m.DeleteContainer(ctx); err != nil {
			return ctrl.Result{}, err
		}
		m.UnsetFinalizer()
		return ctrl.Result{}, r.Update(ctx, dm)
	}
	m.SetFinalizer()
	return ctrl.Result{}, r.Update(ctx, dm)
}

type EagerMachineReconciler struct {
	client.Client
	Managers mgr.Factory
}

func (r *EagerMachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dm := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, dm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	m := r.Managers.NewMachineManager(dm)
	if dm.DeletionTimestamp.IsZero() {
		m.SetFinalizer()
		if err := r.Update(ctx, dm); err != nil {
			return ctrl.Result{}, err
		}
	}
	machine, err := util.GetOwnerMachine(ctx, r.Client, dm.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if machine == nil {
		return ctrl.Result{}, nil // want `when the owning Machine \(util.GetOwnerMachine\) is already deleted \(or was never set\), this return keeps DockerMachine from ever reaching the removal`
	}
	if !dm.DeletionTimestamp.IsZero() {
		if err := m.DeleteContainer(ctx); err != nil {
			return ctrl.Result{}, err
		}
		m.UnsetFinalizer()
	}
	return ctrl.Result{}, nil
}
