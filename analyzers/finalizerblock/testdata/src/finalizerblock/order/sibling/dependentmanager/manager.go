// Package dependentmanager sets up the Network controller and a Subnet
// controller whose package imports the Network's: that package reported
// the order, so this one does not again.
package dependentmanager

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/order/api"
	"finalizerblock/order/sibling/dependent"
	"finalizerblock/order/sibling/network"
)

func Setup(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).For(&api.Network{}).Complete(&network.NetworkReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&api.Subnet{}).Complete(&dependent.SubnetReconciler{Client: mgr.GetClient()})
}
