// Reproduces another controller named Reconciler, in a package that
// imports the Shelf controller's (for its finalizer's name): the Shelf's
// Delete reaches the manager through this package's fact too.
package labels

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"foregrounddeletion/samename/shelves"
	"foregrounddeletion/siblings/shelfapi"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	tag := &shelfapi.Tag{}
	if err := r.Get(ctx, req.NamespacedName, tag); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if tag.Labels[shelves.Finalizer] == "" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Update(ctx, tag)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&shelfapi.Tag{}).Complete(r)
}
