// Reproduces deletions by DeleteAllOf that are observed: the Volumes
// deleted are listed again and the deletion requeues while any is left;
// the Secrets, which carry no finalizer of their own, are gone once the
// call succeeds, and its error is returned.
package observed

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type DeletesAllOfAndWaits struct {
	client.Client
}

func (r *DeletesAllOfAndWaits) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	sel := client.MatchingLabels{"app": app.Name}
	if err := r.DeleteAllOf(ctx, &corev1.Secret{}, client.InNamespace(app.Namespace), sel); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.DeleteAllOf(ctx, &storage.Volume{}, client.InNamespace(app.Namespace), sel); err != nil {
		return ctrl.Result{}, err
	}
	left := &storage.VolumeList{}
	if err := r.List(ctx, left, client.InNamespace(app.Namespace), sel); err != nil {
		return ctrl.Result{}, err
	}
	if len(left.Items) > 0 {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}
