// Package shelf is a Shelf controller whose deletion waits, by a listing, // want package:`waits\(finalizerblock/rangewait/shelves.Shelf waits for finalizerblock/rangewait/shelves.Book\)` package:`order\(releases Shelf\)`
// for the Books that stand on it. It imports no Book controller.
package shelf

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/rangewait/shelves"
)

const finalizer = "library.example.com/shelf"

type ShelfReconciler struct{ client.Client }

func (r *ShelfReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&shelves.Shelf{}).Complete(r)
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
	return r.release(ctx, s)
}

func (r *ShelfReconciler) release(ctx context.Context, s *shelves.Shelf) (ctrl.Result, error) {
	var books shelves.BookList
	if err := r.List(ctx, &books, client.InNamespace(s.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	if len(books.Items) != 0 {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}
