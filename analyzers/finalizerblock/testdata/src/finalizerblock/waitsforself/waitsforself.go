// Reproduces a provider whose machine looks up its network before the // want package:`waits\(finalizerblock/api.Network waits for finalizerblock/api.DockerMachine\)` package:`order\(DockerMachine needs Network; releases DockerMachine, Network\)`
// deletion branch, while the network's own deletion code keeps the
// network's finalizer as long as the machine exists: the network cannot be
// gone while the machine is being deleted, so returning when it is missing
// strands nothing.
package waitsforself

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

const networkFinalizer = "example.com/network"

type MachineReconciler struct {
	client.Client
}

func (r *MachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &api.DockerMachine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	network := &api.Network{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: m.Namespace, Name: "net"}, network); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if m.GetDeletionTimestamp() != nil {
		controllerutil.RemoveFinalizer(m, api.MachineFinalizer)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}

type NetworkReconciler struct {
	client.Client
}

func (r *NetworkReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	n := &api.Network{}
	if err := r.Get(ctx, req.NamespacedName, n); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if n.GetDeletionTimestamp() != nil {
		m := &api.DockerMachine{}
		err := r.Get(ctx, types.NamespacedName{Namespace: n.Namespace, Name: "machine"}, m)
		if err == nil {
			return ctrl.Result{RequeueAfter: time.Second}, nil // the machine still uses the network
		}
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(n, networkFinalizer)
		return ctrl.Result{}, r.Update(ctx, n)
	}
	return ctrl.Result{}, nil
}
