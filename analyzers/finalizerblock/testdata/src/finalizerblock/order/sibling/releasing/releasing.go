// Package releasing reproduces a Network controller whose package imports // want package:`order\(Subnet needs Network; releases Network, Subnet\)`
// the Subnet controller's (for its field index): the order is reported at
// its own removal, naming the Subnet's lookup in the other package.
package releasing

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/order/api"
	"finalizerblock/order/sibling/subnet"
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
	ctrl.LoggerFrom(ctx).Info("deleting", "index", subnet.IndexKey)
	controllerutil.RemoveFinalizer(network, api.NetworkFinalizer) // want `Network releases finalizer "example.com/network" here without waiting for the Subnet objects whose deletion needs it: a Subnet being deleted looks up its Network \(SubnetReconciler.Reconcile, in package finalizerblock/order/sibling/subnet\) and is stuck once the Network is gone`
	return ctrl.Result{}, r.Update(ctx, network)
}
