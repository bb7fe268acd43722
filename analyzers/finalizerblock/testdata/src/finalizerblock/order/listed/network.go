// Reproduces Network controllers that wait for their Subnets without an index: one lists the Subnets that carry the Network's label, the other lists the namespace's Subnets and counts those the Network owns; each requeues while any is left before it releases the Network's finalizer. // want package:`waits\(finalizerblock/order/api.Network waits for finalizerblock/order/api.Subnet\)` package:`order\(Subnet needs Network; releases Network, Subnet\)`
package listed

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/order/api"
)

// networkLabel is the label a Subnet carries with the name of its Network.
const networkLabel = "example.com/network"

type LabelNetworkReconciler struct {
	client.Client
}

func (r *LabelNetworkReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	network := &api.Network{}
	if err := r.Get(ctx, req.NamespacedName, network); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if network.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	var members api.SubnetList
	if err := r.List(ctx, &members, client.InNamespace(network.Namespace), client.MatchingLabels{networkLabel: network.Name}); err != nil {
		return ctrl.Result{}, err
	}
	if n := len(members.Items); n != 0 {
		ctrl.LoggerFrom(ctx).Info("waiting for subnets", "count", n)
		return ctrl.Result{RequeueAfter: 15 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(network, api.NetworkFinalizer)
	return ctrl.Result{}, r.Update(ctx, network)
}

type OwnedNetworkReconciler struct {
	client.Client
}

func (r *OwnedNetworkReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	network := &api.Network{}
	if err := r.Get(ctx, req.NamespacedName, network); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !network.DeletionTimestamp.IsZero() {
		left, err := r.ownedSubnets(ctx, network)
		if err != nil {
			return ctrl.Result{}, err
		}
		if left > 0 {
			return ctrl.Result{RequeueAfter: 15 * time.Second}, nil
		}
		controllerutil.RemoveFinalizer(network, api.NetworkFinalizer)
		return ctrl.Result{}, r.Update(ctx, network)
	}
	return ctrl.Result{}, nil
}

func (r *OwnedNetworkReconciler) ownedSubnets(ctx context.Context, network *api.Network) (int, error) {
	all := &api.SubnetList{}
	if err := r.List(ctx, all, client.InNamespace(network.Namespace)); err != nil {
		return 0, err
	}
	n := 0
	for i := range all.Items {
		if metav1.IsControlledBy(&all.Items[i], network) {
			n++
		}
	}
	return n, nil
}
