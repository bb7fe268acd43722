// Package manager reproduces the main package that sets up both
// controllers: the first package that sees the Network's release and the
// Subnet's need reports the order where it sets up the reconciler that
// releases, not where it first names that reconciler's package.
package manager

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/order/api"
	"finalizerblock/order/sibling/network"
	"finalizerblock/order/sibling/subnet"
)

func Setup(mgr ctrl.Manager) error {
	if network.Label == "" {
		return nil
	}
	if err := ctrl.NewControllerManagedBy(mgr).For(&api.Subnet{}).Complete(&subnet.SubnetReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&api.Network{}).Complete(&network.NetworkReconciler{Client: mgr.GetClient()}) // want `the Network's deletion \(NetworkReconciler.Reconcile, in package finalizerblock/order/sibling/network\) releases finalizer "example.com/network" without waiting for the Subnet objects whose deletion needs it, and this package imports both: a Subnet being deleted looks up its Network \(SubnetReconciler.Reconcile, in package finalizerblock/order/sibling/subnet\) and is stuck once the Network is gone; in the Network's deletion, before removing the finalizer, list the Subnet objects that still refer to this Network and requeue while any is left`
}
