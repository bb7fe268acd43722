// The manager sets up both controllers: it is the first package that sees // want package:`module\(deletes Tag; finalizes Bookcase,Ledger,Report,Shelf\)`
// the Shelf's deletion of Reports and the finalizer the Report controller
// gives them, and reports the deletion where it sets up the Shelf
// controller. The Tag, which nothing gives a finalizer, is gone once its
// Delete is accepted, and the Bookcase owns the Shelf: both left alone, as
// is the Ledger, whose Delete is silenced by a directive where it is.
package manager

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"foregrounddeletion/siblings/bookcasectrl"
	"foregrounddeletion/siblings/reportctrl"
	"foregrounddeletion/siblings/shelfctrl"
)

func Setup(mgr ctrl.Manager) error {
	if err := (&bookcasectrl.BookcaseReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	if err := (&reportctrl.ReportReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	return (&shelfctrl.ShelfReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr) // want `^in ShelfReconciler.Reconcile \(package foregrounddeletion/siblings/shelfctrl\), Shelf removes its finalizer "shelves.example.com/contents" after deleting the Report without observing that the Report is gone: a deletion blocked by the Report's own finalizers goes unnoticed: Shelf is gone first, and a Report whose finalizers are never released is left behind with nothing on Shelf to show it; delete with client.PropagationPolicy\(metav1.DeletePropagationForeground\) and requeue until a Get returns not-found, or use cascade.DeleteAndWait; the Report's finalizer is added by ReportReconciler.Reconcile \(package foregrounddeletion/siblings/reportctrl\), which this package also sets up$`
}
