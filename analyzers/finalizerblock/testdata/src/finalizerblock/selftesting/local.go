package selftesting // want package:`order\(DockerCluster needs Network, DockerMachine needs Network; releases DockerMachine, Object\)`

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

// The same shape with the helper in the reconciler's own package.
type MachineReconciler struct {
	client.Client
}

func (r *MachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	machine := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, machine); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	network := &api.Network{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: machine.Namespace, Name: machine.Labels["network"]}, network); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when the Network named by [^ ]+ is already deleted, this return keeps DockerMachine from ever reaching the removal of finalizer "dockermachine.infrastructure.cluster.x-k8s.io" while it is being deleted`
		}
		return ctrl.Result{}, err
	}
	if done, err := r.finalize(ctx, machine); done || err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// finalize keeps the finalizer on a live machine, and releases it once the
// machine is being deleted.
func (r *MachineReconciler) finalize(ctx context.Context, machine *api.DockerMachine) (bool, error) {
	if machine.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(machine, api.MachineFinalizer) {
			return false, r.Update(ctx, machine)
		}
		return false, nil
	}
	controllerutil.RemoveFinalizer(machine, api.MachineFinalizer)
	return true, r.Update(ctx, machine)
}
