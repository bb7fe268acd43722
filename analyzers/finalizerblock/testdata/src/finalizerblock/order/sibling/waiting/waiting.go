// Package waiting reproduces a Network controller in a package of its own // want package:`waits\(finalizerblock/order/api.Network waits for finalizerblock/order/api.Subnet\)` package:`order\(releases Network\)`
// that waits for its Subnets: it lists those that carry the Network's label
// and requeues while any is left.
package waiting

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
	var members api.SubnetList
	if err := r.List(ctx, &members, client.InNamespace(network.Namespace), client.MatchingLabels{"example.com/network": network.Name}); err != nil {
		return ctrl.Result{}, err
	}
	if len(members.Items) > 0 {
		return ctrl.Result{RequeueAfter: 15 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(network, api.NetworkFinalizer)
	return ctrl.Result{}, r.Update(ctx, network)
}
