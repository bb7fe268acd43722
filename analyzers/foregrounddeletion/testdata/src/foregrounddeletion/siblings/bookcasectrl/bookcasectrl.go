// Reproduces the controller of the Bookcase kind: it holds each Bookcase with its finalizer and makes its Shelf, with a controller reference to the Bookcase. // want package:`module\(finalizes Bookcase\)`
package bookcasectrl

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/siblings/shelfapi"
)

type BookcaseReconciler struct {
	client.Client
}

func (r *BookcaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	bc := &shelfapi.Bookcase{}
	if err := r.Get(ctx, req.NamespacedName, bc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !bc.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(bc, "shelves.example.com/bookcase")
		return ctrl.Result{}, r.Update(ctx, bc)
	}
	if controllerutil.AddFinalizer(bc, "shelves.example.com/bookcase") {
		return ctrl.Result{}, r.Update(ctx, bc)
	}
	shelf := &shelfapi.Shelf{ObjectMeta: metav1.ObjectMeta{Namespace: bc.Namespace, Name: bc.Name}}
	if err := controllerutil.SetControllerReference(bc, shelf, nil); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, shelf))
}

func (r *BookcaseReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&shelfapi.Bookcase{}).Owns(&shelfapi.Shelf{}).Complete(r)
}
