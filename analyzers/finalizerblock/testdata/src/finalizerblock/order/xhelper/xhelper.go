// Reproduces a Subnet controller that reads its Network through a helper // want package:`order\(Subnet needs Network; releases Network, Subnet\)`
// of another package before its deletion branch, beside a Network
// controller that releases the Network's finalizer at once: the deletion
// order is read from the helper's fact, as from a helper of the package.
package xhelper

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/order/api"
	"finalizerblock/order/xhelper/networks"
)

type SubnetReconciler struct {
	client.Client
}

func (r *SubnetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	subnet := &api.Subnet{}
	if err := r.Get(ctx, req.NamespacedName, subnet); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	network, err := networks.Of(ctx, r.Client, subnet)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Network that networks.Of reads is already deleted, this return keeps Subnet`
	}
	if !subnet.DeletionTimestamp.IsZero() {
		_ = network
		controllerutil.RemoveFinalizer(subnet, api.SubnetFinalizer)
		return ctrl.Result{}, r.Update(ctx, subnet)
	}
	return ctrl.Result{}, nil
}

type NetworkReconciler struct {
	client.Client
}

func (r *NetworkReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	network := &api.Network{}
	if err := r.Get(ctx, req.NamespacedName, network); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !network.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(network, api.NetworkFinalizer) // want `Network releases finalizer "example.com/network" here without waiting for the Subnet objects whose deletion needs it`
		return ctrl.Result{}, r.Update(ctx, network)
	}
	return ctrl.Result{}, nil
}
