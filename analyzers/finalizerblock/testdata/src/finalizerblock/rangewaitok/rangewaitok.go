// The same Shelf, whose deletion waits for the Books on it, beside a Book // want package:`waits\(finalizerblock/rangewait/shelves.Shelf waits for some finalizerblock/rangewait/shelves.Book\)` package:`order\(releases Book, Shelf\)`
// that lets go as soon as its Shelf is being deleted: no circular wait. A
// loop that only logs the Books it finds waits for none of them.
package rangewaitok

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"finalizerblock/rangewait/shelves"
)

const (
	bookFinalizer  = "library.example.com/book"
	shelfFinalizer = "library.example.com/shelf"
)

type BookReconciler struct{ client.Client }

func (r *BookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &shelves.Book{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if b.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(b, bookFinalizer)
		return ctrl.Result{}, r.Update(ctx, b)
	}
	controllerutil.RemoveFinalizer(b, bookFinalizer)
	return ctrl.Result{}, r.Update(ctx, b)
}

type ShelfReconciler struct{ client.Client }

func (r *ShelfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &shelves.Shelf{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(s, shelfFinalizer)
		return ctrl.Result{}, r.Update(ctx, s)
	}
	var books shelves.BookList
	if err := r.List(ctx, &books, client.InNamespace(s.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for _, b := range books.Items {
		if b.Spec.ShelfName == s.Name {
			return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
		}
	}
	// A loop over the Books that returns nothing waits for none.
	for _, b := range books.Items {
		log.FromContext(ctx).Info("book left", "book", b.Name)
	}
	controllerutil.RemoveFinalizer(s, shelfFinalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}
