// Package bookok is a Book controller that lets go of its Book at once // want package:`order\(releases Book\)`
// when the Book is being deleted, whatever its Shelf does.
package bookok

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/rangewait/shelves"
)

const finalizer = "library.example.com/book"

type BookReconciler struct{ client.Client }

func (r *BookReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&shelves.Book{}).Complete(r)
}

func (r *BookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &shelves.Book{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !b.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(b, finalizer)
		return ctrl.Result{}, r.Update(ctx, b)
	}
	var s shelves.Shelf
	err := r.Get(ctx, client.ObjectKey{Namespace: b.Namespace, Name: b.Spec.ShelfName}, &s)
	if client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if err == nil && s.DeletionTimestamp != nil {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.AddFinalizer(b, finalizer)
	return ctrl.Result{}, r.Update(ctx, b)
}
