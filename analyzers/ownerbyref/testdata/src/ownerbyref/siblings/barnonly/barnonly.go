// A program that runs the Barn controller alone knows no owner of Barns: nothing to report, the lookups are passed on. // want package:`byName\(Barn gets Farm, Barn gets Silo; 0 pairs\)`
package barnonly

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"ownerbyref/siblings/barnctrl"
)

func Setup(mgr ctrl.Manager) error {
	return (&barnctrl.BarnReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
