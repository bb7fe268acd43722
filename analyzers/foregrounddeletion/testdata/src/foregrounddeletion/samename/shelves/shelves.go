// Reproduces a controller named Reconciler, as in a project that names
// each controller after its package, whose deletion deletes the Shelf's
// Report (a kind a sibling package finalizes) and removes its finalizer
// at once. Nothing is reported here: the Delete is passed on.
package shelves

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/siblings/shelfapi"
)

// Finalizer is the Shelf's finalizer.
const Finalizer = "shelves.example.com/cleanup"

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	shelf := &shelfapi.Shelf{}
	if err := r.Get(ctx, req.NamespacedName, shelf); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !shelf.DeletionTimestamp.IsZero() {
		key := metav1.ObjectMeta{Namespace: shelf.Namespace, Name: shelf.Name}
		if err := r.Delete(ctx, &shelfapi.Report{ObjectMeta: key}); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(shelf, Finalizer)
		return ctrl.Result{}, r.Update(ctx, shelf)
	}
	if controllerutil.AddFinalizer(shelf, Finalizer) {
		return ctrl.Result{}, r.Update(ctx, shelf)
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&shelfapi.Shelf{}).Complete(r)
}
