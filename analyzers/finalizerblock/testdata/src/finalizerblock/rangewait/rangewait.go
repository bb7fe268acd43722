// Two controllers of one package that wait for each other. A Shelf's // want package:`waits\(finalizerblock/rangewait/shelves.Book waits for finalizerblock/rangewait/shelves.Shelf, finalizerblock/rangewait/shelves.Shelf waits for some finalizerblock/rangewait/shelves.Book\)` package:`order\(releases Book, Shelf\)`
// deletion lists the Books and waits while one of them stands on it (a
// test of each listed item: a wait for some Books); a Book's deletion waits
// for its Shelf to be gone. Neither is ever removed.
package rangewait

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

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
	s := &shelves.Shelf{}
	err := r.Get(ctx, client.ObjectKey{Namespace: b.Namespace, Name: b.Spec.ShelfName}, s)
	if err == nil {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `Book keeps its finalizer here until the Shelf is gone, while the deletion code of Shelf keeps its finalizer until the Book is gone: neither is ever removed`
	}
	if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
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
	controllerutil.RemoveFinalizer(s, shelfFinalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}
