// Package dependent reproduces a Subnet controller whose package imports // want package:`order\(Subnet needs Network; releases Network, Subnet\)`
// the Network controller's (for the name of a label): it is the first to
// see both ends, and reports the order at its own lookup.
package dependent

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/order/api"
	"finalizerblock/order/sibling/network"
)

type SubnetReconciler struct {
	client.Client
}

func (r *SubnetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	subnet := &api.Subnet{}
	if err := r.Get(ctx, req.NamespacedName, subnet); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if subnet.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	parent := &api.Network{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: subnet.Namespace, Name: subnet.Spec.NetworkName}, parent); err != nil { // want `Subnet's deletion looks up its Network here, and the Network's deletion \(NetworkReconciler.Reconcile, in package finalizerblock/order/sibling/network\) releases finalizer "example.com/network" without waiting for the Subnet objects whose deletion needs it: once the Network goes first, this Subnet is stuck; in the Network's deletion, before removing the finalizer, list the Subnet objects that still refer to this Network and requeue while any is left`
		return ctrl.Result{}, err // want `when the Network named by subnet.Spec.NetworkName is already deleted, this return keeps Subnet`
	}
	_ = (&network.NetworkReconciler{}).Client
	// ... delete the cloud subnet inside parent.Status.CloudID ...
	controllerutil.RemoveFinalizer(subnet, api.SubnetFinalizer)
	return ctrl.Result{}, r.Update(ctx, subnet)
}
