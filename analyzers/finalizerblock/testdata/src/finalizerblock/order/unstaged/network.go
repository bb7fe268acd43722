// Reproduces the two-step Network controller that observes and waits for its routes only: it does not wait for its Subnets, and a Subnet whose deletion reads the Network is stranded. // want package:`waits\(finalizerblock/order/api.Network waits for k8s.io/api/core/v1.ConfigMap\)` package:`order\(Subnet needs Network; releases Network, Subnet\)`
package unstaged

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/order/api"
)

// networkState is what one pass observed about a Network.
type networkState struct {
	network *api.Network
	routes  []corev1.ConfigMap
	errs    []error
}

type NetworkReconciler struct {
	client.Client
}

func (r *NetworkReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	st := &networkState{network: &api.Network{}}
	if err := r.Get(ctx, req.NamespacedName, st.network); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.observe(ctx, st)
	if st.network.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return r.release(ctx, st)
}

// observe records what it lists in st, and in st.errs what it could not.
func (r *NetworkReconciler) observe(ctx context.Context, st *networkState) {
	routes := &corev1.ConfigMapList{}
	if err := r.List(ctx, routes, client.InNamespace(st.network.Namespace), client.MatchingLabels{"network": st.network.Name}); err != nil {
		st.errs = append(st.errs, err)
	}
	st.routes = routes.Items
}

func (r *NetworkReconciler) release(ctx context.Context, st *networkState) (ctrl.Result, error) {
	if len(st.errs) > 0 {
		return ctrl.Result{}, errors.Join(st.errs...)
	}
	if len(st.routes) == 0 {
		controllerutil.RemoveFinalizer(st.network, api.NetworkFinalizer) // want `Network releases finalizer "example.com/network" here without waiting for the Subnet objects`
		return ctrl.Result{}, r.Update(ctx, st.network)
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}
