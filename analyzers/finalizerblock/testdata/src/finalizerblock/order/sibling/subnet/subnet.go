// Package subnet reproduces a Subnet controller in a package of its own: // want package:`order\(Subnet needs Network; releases Subnet\)`
// its deletion reads the Network its spec names and waits for it, so a
// Subnet whose Network is gone keeps its finalizer.
package subnet

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/order/api"
)

// IndexKey is the field index of Subnets by the name of their Network.
const IndexKey = "spec.networkName"

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
	network := &api.Network{}
	err := r.Get(ctx, client.ObjectKey{Namespace: subnet.Namespace, Name: subnet.Spec.NetworkName}, network)
	if apierrors.IsNotFound(err) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when the Network named by subnet.Spec.NetworkName is already deleted, this return keeps Subnet`
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	// ... delete the cloud subnet inside network.Status.CloudID ...
	controllerutil.RemoveFinalizer(subnet, api.SubnetFinalizer)
	return ctrl.Result{}, r.Update(ctx, subnet)
}
