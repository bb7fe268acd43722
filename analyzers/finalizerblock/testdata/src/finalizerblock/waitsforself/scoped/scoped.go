// Reproduces a provider whose machine looks up its network before the // want package:`waits\(finalizerblock/api.Network waits for finalizerblock/api.DockerMachine\)` package:`order\(releases Network\)`
// deletion branch and releases its finalizer through a service of another
// package, handing it the scope that holds the machine, while the
// network's deletion keeps the network's finalizer as long as the machine
// exists: the object released is the reconciled machine, whatever holds
// it, so the network cannot be gone first and the return strands nothing.
package scoped

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
	"finalizerblock/waitsforself/scoped/service"
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
		return ctrl.Result{}, nil // the network is gone only after the machine
	}
	if !m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, service.Delete(ctx, &service.Scope{Client: r.Client, Machine: m})
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
	if n.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	m := &api.DockerMachine{}
	err := r.Get(ctx, types.NamespacedName{Namespace: n.Namespace, Name: "machine"}, m)
	if err == nil {
		return ctrl.Result{RequeueAfter: time.Second}, nil // a machine still uses the network
	}
	if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(n, networkFinalizer)
	return ctrl.Result{}, r.Update(ctx, n)
}
