// Reproduces the Subnet controller of an operator whose Network waits for its Subnet: the Subnet reads its Network while deleting, but the Network cannot go first.
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
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	// ... delete the cloud subnet inside network.Status.CloudID ...
	controllerutil.RemoveFinalizer(subnet, api.SubnetFinalizer)
	return ctrl.Result{}, r.Update(ctx, subnet)
}
