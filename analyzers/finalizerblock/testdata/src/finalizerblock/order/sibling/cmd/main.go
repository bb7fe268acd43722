// Command cmd reproduces a main package that sets up the controllers
// through a package of helpers, and the Network's once more itself: the
// helpers' package saw both ends first.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/order/sibling/network"
	"finalizerblock/order/sibling/setup"
)

func main() {
	var mgr ctrl.Manager
	_ = setup.All(mgr)
	_ = &network.NetworkReconciler{}
}
