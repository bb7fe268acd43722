// The same Book, which requeues while its Shelf is being deleted, beside a // want package:`waits\(finalizerblock/rangewait/shelves.Book waits while deleting finalizerblock/rangewait/shelves.Shelf\)` package:`order\(releases Book, Shelf\)`
// Shelf whose deletion waits for nothing: the Book waits until the Shelf is
// gone, then goes on. No finding.
package deletingwaitok

import (
	"context"
	"time"

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
	s := &shelves.Shelf{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: b.Namespace, Name: b.Spec.ShelfName}, s); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if !s.DeletionTimestamp.IsZero() {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
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
	controllerutil.RemoveFinalizer(s, shelfFinalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}
