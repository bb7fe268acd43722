// Reproduces a Subnet controller that reads its Network through a helper
// on every pass, before it looks at its own deletion, and returns any
// error the helper gives: once the Network is gone the Subnet retries
// forever and keeps its finalizer.
package helper

import (
	"context"
	"errors"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/order/api"
)

type SubnetReconciler struct {
	client.Client
}

// networkOf reads the Network the Subnet's spec names.
func (r *SubnetReconciler) networkOf(ctx context.Context, subnet *api.Subnet) (*api.Network, error) {
	network := &api.Network{}
	key := client.ObjectKey{Namespace: subnet.Namespace, Name: subnet.Spec.NetworkName}
	if err := r.Get(ctx, key, network); err != nil {
		return nil, err
	}
	return network, nil
}

func (r *SubnetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	subnet := &api.Subnet{}
	if err := r.Get(ctx, req.NamespacedName, subnet); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	network, err := r.networkOf(ctx, subnet)
	if err != nil {
		return ctrl.Result{}, errors.New("cannot read the subnet's network") // want `when a referenced Network that r.networkOf reads is already deleted, this return keeps Subnet`
	}
	if !subnet.DeletionTimestamp.IsZero() {
		// ... delete the cloud subnet inside network.Status.CloudID ...
		_ = network
		controllerutil.RemoveFinalizer(subnet, api.SubnetFinalizer)
		return ctrl.Result{}, r.Update(ctx, subnet)
	}
	return ctrl.Result{}, nil
}
