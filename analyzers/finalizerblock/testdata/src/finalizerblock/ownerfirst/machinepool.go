package ownerfirst

import (
	"context"

	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	exputil "sigs.k8s.io/cluster-api/exp/util"

	"finalizerblock/api"
)

// PoolReconciler reconciles an infrastructure machine pool (a DockerMachine
// stands for it) that finds its MachinePool through its owner references
// and stops when there is none yet: also while it is being deleted, when
// the MachinePool may be gone, so the finalizer stays.
type PoolReconciler struct {
	client.Client
}

func (r *PoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pool, err := util.GetOwnerMachinePool(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if pool == nil {
		return ctrl.Result{}, nil // want `when the owning MachinePool \([^)]*\) is already deleted \(or was never set\), this return keeps DockerMachine from ever reaching the removal`
	}
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, api.MachineFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

// OldPoolReconciler is the same with the helper's older home, exp/util.
type OldPoolReconciler struct {
	client.Client
}

func (r *OldPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pool, err := exputil.GetOwnerMachinePool(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if pool == nil {
		return ctrl.Result{}, nil // want `when the owning MachinePool \([^)]*\) is already deleted`
	}
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, api.MachineFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

// FixedPoolReconciler stops on a missing MachinePool only while the object
// is not being deleted.
type FixedPoolReconciler struct {
	client.Client
}

func (r *FixedPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pool, err := util.GetOwnerMachinePool(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if pool == nil && obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, api.MachineFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}
