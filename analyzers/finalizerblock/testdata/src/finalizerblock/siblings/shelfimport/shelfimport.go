// Package shelfimport is a Shelf controller whose deletion waits, by a // want package:`waits\(finalizerblock/rangewait/shelves.Book waits while deleting finalizerblock/rangewait/shelves.Shelf, finalizerblock/rangewait/shelves.Shelf waits for finalizerblock/rangewait/shelves.Book\)` package:`order\(releases Book, Shelf\)`
// listing, for the Books of the Book controller it imports, which holds its
// finalizer while the Shelf is being deleted: the finding is on the
// listing's wait.
package shelfimport

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/rangewait/shelves"
	"finalizerblock/siblings/book"
)

const finalizer = "library.example.com/shelf"

type ShelfReconciler struct{ client.Client }

// Setup sets up both controllers.
func Setup(mgr ctrl.Manager) error {
	if err := (&book.BookReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&shelves.Shelf{}).Complete(&ShelfReconciler{Client: mgr.GetClient()})
}

func (r *ShelfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &shelves.Shelf{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(s, finalizer)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	var books shelves.BookList
	if err := r.List(ctx, &books, client.InNamespace(s.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	if len(books.Items) > 0 { // want `Shelf keeps its finalizer here until the Book is gone, while the deletion code of Book \(in package finalizerblock/siblings/book\) keeps its finalizer until the Shelf is gone: neither is ever removed`
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}
