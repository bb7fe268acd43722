// The manager sets up two controllers of one name, labels.Reconciler and // want package:`module\(finalizes Ledger,Report,Shelf\)`
// shelves.Reconciler, and the Report controller. The Shelf's Delete of
// Reports is reported where shelves.Reconciler is set up, not at the
// first reconciler of that name.
package manager

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"foregrounddeletion/samename/labels"
	"foregrounddeletion/samename/shelves"
	"foregrounddeletion/siblings/reportctrl"
)

func Setup(mgr ctrl.Manager) error {
	if err := (&labels.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	if err := (&reportctrl.ReportReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	return (&shelves.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr) // want `^in Reconciler.Reconcile \(package foregrounddeletion/samename/shelves\), Shelf removes its finalizer`
}
