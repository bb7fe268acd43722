// Package waitingmanager sets up a Network controller that waits for its // want package:`waits\(finalizerblock/order/api.Network waits for finalizerblock/order/api.Subnet\)`
// Subnets beside the Subnet controller that needs the Network: no order is
// broken.
package waitingmanager

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/order/api"
	"finalizerblock/order/sibling/subnet"
	"finalizerblock/order/sibling/waiting"
)

func Setup(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).For(&api.Network{}).Complete(&waiting.NetworkReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&api.Subnet{}).Complete(&subnet.SubnetReconciler{Client: mgr.GetClient()})
}
