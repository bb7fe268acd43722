// Package managerok sets up the same Shelf controller beside a Book // want package:`waits\(finalizerblock/rangewait/shelves.Shelf waits for finalizerblock/rangewait/shelves.Book\)`
// controller that does not wait for its Shelf while being deleted: no
// circular wait.
package managerok

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/siblings/bookok"
	"finalizerblock/siblings/shelf"
)

func Setup(mgr ctrl.Manager) error {
	if err := (&shelf.ShelfReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	return (&bookok.BookReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
