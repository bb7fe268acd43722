// Reproduces a Subnet controller whose deletion reads its Network and requeues while it is missing; the Network of this package waits for its Subnets in a later step, so it cannot be gone first.
package staged

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
	if !subnet.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, subnet)
	}
	return ctrl.Result{}, nil
}

func (r *SubnetReconciler) reconcileDelete(ctx context.Context, subnet *api.Subnet) (ctrl.Result, error) {
	var network api.Network
	if err := r.Get(ctx, client.ObjectKey{Namespace: subnet.Namespace, Name: subnet.Spec.NetworkName}, &network); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: 30 * time.Second}, nil
		}
		return ctrl.Result{}, err
	}
	// ... delete the cloud subnet inside network.Status.CloudID ...
	controllerutil.RemoveFinalizer(subnet, api.SubnetFinalizer)
	return ctrl.Result{}, r.Update(ctx, subnet)
}
