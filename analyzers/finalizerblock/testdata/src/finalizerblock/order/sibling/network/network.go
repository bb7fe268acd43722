// Package network reproduces a Network controller in a package of its own, // want package:`order\(releases Network\)`
// beside the Subnet controller's: its deletion releases the Network's
// finalizer without looking for the Subnets that still need it. Neither
// package imports the other, so neither sees the order.
package network

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/order/api"
)

// Label is the label a Subnet carries with the name of its Network.
const Label = "example.com/network"

type NetworkReconciler struct {
	client.Client
}

func (r *NetworkReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	network := &api.Network{}
	if err := r.Get(ctx, req.NamespacedName, network); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if network.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	// ... delete the cloud network ...
	controllerutil.RemoveFinalizer(network, api.NetworkFinalizer)
	return ctrl.Result{}, r.Update(ctx, network)
}
