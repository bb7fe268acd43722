// Package quietnetwork reproduces the Network controller of package network
// with the order silenced where it releases the finalizer: the release is
// not passed on, so no package pairs it.
package quietnetwork

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
	//deletionlint:ignore finalizerblock the cloud keeps a deleted network's subnets readable for a day
	controllerutil.RemoveFinalizer(network, api.NetworkFinalizer)
	return ctrl.Result{}, r.Update(ctx, network)
}
