// A manager that sets up the Shelf controller alone sees no finalizer on // want package:`module\(deletes Bookcase,Report,Tag; finalizes Shelf\)`
// Reports or Tags: nothing to report.
package shelfonly

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"foregrounddeletion/siblings/shelfctrl"
)

func Setup(mgr ctrl.Manager) error {
	return (&shelfctrl.ShelfReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
