// Package setup reproduces a package of set-up helpers, with no deletion
// code of its own, that imports both controllers: it reports the order, and
// the main package that calls it does not again.
package setup

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/order/api"
	"finalizerblock/order/sibling/network"
	"finalizerblock/order/sibling/subnet"
)

func All(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).For(&api.Network{}).Complete(&network.NetworkReconciler{Client: mgr.GetClient()}); err != nil { // want `the Network's deletion \(NetworkReconciler.Reconcile, in package finalizerblock/order/sibling/network\) releases`
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&api.Subnet{}).Complete(&subnet.SubnetReconciler{Client: mgr.GetClient()})
}
