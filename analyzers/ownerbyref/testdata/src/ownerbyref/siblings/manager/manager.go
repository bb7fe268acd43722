// The manager sets up both controllers: it is the first package that sees the Barn's lookup and the Farm's controller reference, and reports the lookup where it sets up the Barn controller. The Silo, which nothing owns, is left alone. // want package:`byName\(Barn gets Silo; 1 pairs\)`
package manager

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"ownerbyref/siblings/barnctrl"
	"ownerbyref/siblings/farmctrl"
)

func Setup(mgr ctrl.Manager) error {
	if err := (&farmctrl.FarmReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr); err != nil {
		return err
	}
	return (&barnctrl.BarnReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr) // want `^Get of the owning Farm by a name taken from a label of the object, in BarnReconciler.stock \(package ownerbyref/siblings/barnctrl\): this package also sets up the controller that makes the Farm the Barn's owner, so an owner with another name is never found and its deletion is never seen, and the Barn and what it manages leak; find the owner through the owner references with metav1.GetControllerOf or ownership.GetOwner$`
}
