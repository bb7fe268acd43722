// Reproduces the Network controller of the same operator, whose deletion releases the Network's finalizer without looking for the Subnets that still need it: deleted together, the Network goes first and strands them. // want package:`order\(Subnet needs Network; releases Network, Subnet\)`
package unordered

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/order/api"
)

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
	controllerutil.RemoveFinalizer(network, api.NetworkFinalizer) // want `Network releases finalizer "example.com/network" here without waiting for the Subnet objects whose deletion needs it: a Subnet being deleted looks up its Network and is stuck once the Network is gone; before removing the finalizer, list the Subnet objects that still refer to this Network and requeue while any is left`
	return ctrl.Result{}, r.Update(ctx, network)
}
