package suite_test

import (
	"testing"

	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/order/api"
	"finalizerblock/order/sibling/network"
	"finalizerblock/order/sibling/subnet"
)

func TestDeletion(t *testing.T) {
	var mgr ctrl.Manager
	_ = ctrl.NewControllerManagedBy(mgr).For(&api.Network{}).Complete(&network.NetworkReconciler{Client: mgr.GetClient()})
	_ = ctrl.NewControllerManagedBy(mgr).For(&api.Subnet{}).Complete(&subnet.SubnetReconciler{Client: mgr.GetClient()})
}
