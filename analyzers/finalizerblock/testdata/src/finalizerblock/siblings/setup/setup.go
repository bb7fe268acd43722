// Package setup registers the sibling Shelf and Book controllers; its // want package:`waits\(finalizerblock/rangewait/shelves.Book waits while deleting finalizerblock/rangewait/shelves.Shelf, finalizerblock/rangewait/shelves.Shelf waits for finalizerblock/rangewait/shelves.Book\)`
// importer (cmd) sees both halves only through it, so the circular wait is
// reported here, once.
package setup

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/siblings/book"
	"finalizerblock/siblings/shelf"
)

// Reconcilers lists the controllers to set up.
func Reconcilers(mgr ctrl.Manager) []interface{ SetupWithManager(ctrl.Manager) error } {
	return []interface{ SetupWithManager(ctrl.Manager) error }{
		&shelf.ShelfReconciler{Client: mgr.GetClient()},
		&book.BookReconciler{Client: mgr.GetClient()}, // want `the deletion code of Book \(BookReconciler.Reconcile, in package finalizerblock/siblings/book\) keeps its finalizer until the Shelf is gone`
	}
}
