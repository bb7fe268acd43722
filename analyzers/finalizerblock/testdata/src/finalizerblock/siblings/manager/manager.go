// Package manager sets up the Shelf and Book controllers of two sibling // want package:`waits\(finalizerblock/rangewait/shelves.Book waits while deleting finalizerblock/rangewait/shelves.Shelf, finalizerblock/rangewait/shelves.Shelf waits for finalizerblock/rangewait/shelves.Book\)`
// packages that do not import each other: only here are both halves of
// their circular wait in sight.
package manager

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/siblings/book"
	"finalizerblock/siblings/shelf"
)

func Setup(mgr ctrl.Manager) error {
	if err := (&shelf.ShelfReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	return (&book.BookReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr) // want `the deletion code of Book \(BookReconciler.Reconcile, in package finalizerblock/siblings/book\) keeps its finalizer until the Shelf is gone, while the deletion code of Shelf \(ShelfReconciler.release, in package finalizerblock/siblings/shelf\) keeps its finalizer until the Book is gone, and this package imports both: neither is ever removed`
}
