// Reproduces deletion helpers that read a dependency (the machine's // want package:`order\(DockerMachine needs Network; releases DockerMachine\)`
// network) before releasing the finalizer: one requeues while the network
// is not found, the others treat not-found as gone or retry only other
// errors.
package deletehelper

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

func (r *MachineReconciler) reconcileDelete(ctx context.Context, machine *api.DockerMachine) (ctrl.Result, error) {
	network := &api.Network{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: machine.Namespace, Name: machine.Labels["network"]}, network); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `when the Network named by [^ ]+ is already deleted, this return keeps DockerMachine from ever reaching the removal of finalizer "dockermachine.infrastructure.cluster.x-k8s.io" while it is being deleted: treat not-found as gone while deleting`
		}
		return ctrl.Result{}, err
	}
	return r.release(ctx, machine)
}

func (r *MachineReconciler) release(ctx context.Context, machine *api.DockerMachine) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(machine, api.MachineFinalizer)
	return ctrl.Result{}, r.Update(ctx, machine)
}

func (r *GoodMachineReconciler) reconcileDelete(ctx context.Context, machine *api.DockerMachine) (ctrl.Result, error) {
	network := &api.Network{}
	err := r.Get(ctx, client.ObjectKey{Namespace: machine.Namespace, Name: machine.Labels["network"]}, network)
	switch {
	case apierrors.IsNotFound(err):
		// Gone: nothing to detach from.
	case err != nil:
		return ctrl.Result{}, err
	default:
		if err := r.detach(ctx, network); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(machine, api.MachineFinalizer)
	return ctrl.Result{}, r.Update(ctx, machine)
}

func (r *GoodMachineReconciler) detach(ctx context.Context, network *api.Network) error {
	return r.Update(ctx, network)
}
