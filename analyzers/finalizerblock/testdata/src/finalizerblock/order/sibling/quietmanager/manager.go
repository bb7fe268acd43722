// Package quietmanager sets up the Subnet controller and a Network
// controller whose release of the finalizer is silenced where it is:
// nothing to report.
package quietmanager

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/order/api"
	"finalizerblock/order/sibling/quietnetwork"
	"finalizerblock/order/sibling/subnet"
)

func Setup(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).For(&api.Subnet{}).Complete(&subnet.SubnetReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&api.Network{}).Complete(&quietnetwork.NetworkReconciler{Client: mgr.GetClient()})
}
