// Reproduces a deletion that deletes every Volume labelled for its object
// with DeleteAllOf and releases the finalizer in the same pass.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type DeletesAllOf struct {
	client.Client
}

func (r *DeletesAllOf) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.DeleteAllOf(ctx, &storage.Volume{}, client.InNamespace(app.Namespace), client.MatchingLabels{"app": app.Name}); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume objects it selects without observing that they are gone: a deletion blocked by the Volume's own finalizers goes unnoticed.*requeue until a List of them finds none`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}
