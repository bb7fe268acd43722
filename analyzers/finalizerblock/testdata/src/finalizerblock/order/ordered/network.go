// Reproduces the Network controller written to wait: its deletion lists, through a field index, the Subnets that still name the Network and requeues while any is left, so a Subnet never loses its Network first. // want package:`waits\(finalizerblock/order/api.Network waits for finalizerblock/order/api.Subnet\)` package:`order\(Subnet needs Network; releases Network, Subnet\)`
package ordered

import (
	"context"
	"time"

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
	subnets := &api.SubnetList{}
	if err := r.List(ctx, subnets, client.InNamespace(network.Namespace), client.MatchingFields{"spec.networkName": network.Name}); err != nil {
		return ctrl.Result{}, err
	}
	if len(subnets.Items) > 0 {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	// ... delete the cloud network ...
	controllerutil.RemoveFinalizer(network, api.NetworkFinalizer)
	return ctrl.Result{}, r.Update(ctx, network)
}
