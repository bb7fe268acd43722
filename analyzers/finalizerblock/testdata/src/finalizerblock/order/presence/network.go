// Reproduces a Network controller that builds a scope holding the Subnet it serves (looked up when the scope is made, nil when there is none) and, while deleting, requeues as long as the scope holds one, as Cluster API providers wait for their control plane. // want package:`waits\(finalizerblock/order/api.Network waits for finalizerblock/order/api.Subnet\)` package:`order\(Subnet needs Network; releases Network, Subnet\)`
package presence

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/order/api"
)

type networkScope struct {
	network *api.Network
	subnet  *api.Subnet
}

type NetworkReconciler struct {
	client.Client
}

func (r *NetworkReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	network := &api.Network{}
	if err := r.Get(ctx, req.NamespacedName, network); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s, err := r.newScope(ctx, network)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !network.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, s)
	}
	return ctrl.Result{}, nil
}

func (r *NetworkReconciler) newScope(ctx context.Context, network *api.Network) (*networkScope, error) {
	s := &networkScope{network: network}
	subnet := &api.Subnet{}
	err := r.Get(ctx, client.ObjectKey{Namespace: network.Namespace, Name: network.Name}, subnet)
	switch {
	case apierrors.IsNotFound(err):
	case err != nil:
		return nil, err
	default:
		s.subnet = subnet
	}
	return s, nil
}

func (r *NetworkReconciler) reconcileDelete(ctx context.Context, s *networkScope) (ctrl.Result, error) {
	if s.subnet != nil {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(s.network, api.NetworkFinalizer)
	return ctrl.Result{}, r.Update(ctx, s.network)
}
