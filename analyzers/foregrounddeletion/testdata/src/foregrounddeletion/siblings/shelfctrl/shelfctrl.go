// Reproduces a controller whose deletion deletes objects of its project's // want package:`module\(deletes Bookcase,Report,Tag; finalizes Shelf\)`
// own kinds and returns their failures, then removes its finalizer at once:
// whether that leaves anything behind depends on whether those kinds have
// finalizers, which only code this package does not import gives them (the
// Report controller, a sibling package). Nothing is reported here; the
// deletions are passed on to the package that sets the controllers up.
package shelfctrl

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/siblings/shelfapi"
)

const shelfFinalizer = "shelves.example.com/contents"

type ShelfReconciler struct {
	client.Client
}

func (r *ShelfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	shelf := &shelfapi.Shelf{}
	if err := r.Get(ctx, req.NamespacedName, shelf); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !shelf.DeletionTimestamp.IsZero() {
		key := metav1.ObjectMeta{Namespace: shelf.Namespace, Name: shelf.Name}
		if err := r.dropReport(ctx, key); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Delete(ctx, &shelfapi.Tag{ObjectMeta: key}); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		// Silenced here, where the Delete is: nowhere reported.
		if err := r.Delete(ctx, &shelfapi.Ledger{ObjectMeta: key}); client.IgnoreNotFound(err) != nil { //deletionlint:ignore foregrounddeletion the Ledger's finalizer is released by the archive job, which does not wait for the Shelf
			return ctrl.Result{}, err
		}
		// A Shelf deleted on its own takes its Bookcase with it: the
		// Bookcase owns the Shelf (its controller, in a sibling package,
		// says so), so it is no dependent to wait for.
		if err := r.Delete(ctx, &shelfapi.Bookcase{ObjectMeta: key}); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(shelf, shelfFinalizer)
		return ctrl.Result{}, r.Update(ctx, shelf)
	}
	if controllerutil.AddFinalizer(shelf, shelfFinalizer) {
		return ctrl.Result{}, r.Update(ctx, shelf)
	}
	return ctrl.Result{}, nil
}

// dropReport deletes the Shelf's Report.
func (r *ShelfReconciler) dropReport(ctx context.Context, key metav1.ObjectMeta) error {
	return client.IgnoreNotFound(r.Delete(ctx, &shelfapi.Report{ObjectMeta: key}))
}

func (r *ShelfReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&shelfapi.Shelf{}).Complete(r)
}
