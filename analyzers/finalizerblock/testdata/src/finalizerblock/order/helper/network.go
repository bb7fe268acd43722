// Reproduces a Network controller whose deletion releases the Network's // want package:`order\(Subnet needs Network; releases Network, Subnet\)`
// finalizer at once, while the Subnets of the same operator need the
// Network to finish their own deletion.
package helper

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
	if !network.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, network)
	}
	return ctrl.Result{}, nil
}

func (r *NetworkReconciler) reconcileDelete(ctx context.Context, network *api.Network) (ctrl.Result, error) {
	// ... delete the cloud network ...
	controllerutil.RemoveFinalizer(network, api.NetworkFinalizer) // want `Network releases finalizer "example.com/network" here without waiting for the Subnet objects whose deletion needs it: a Subnet being deleted looks up its Network`
	return ctrl.Result{}, r.Update(ctx, network)
}
