// Reproduces deletion code that sees its dependent gone through the
// Delete's own answer: it releases the finalizer only when the Delete (or
// a helper that returns the Delete's error) says not-found, and otherwise
// keeps it and comes back.
package observed

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	storagev1 "foregrounddeletion/storageclient/typed/storage/v1"
)

// DeleteUntilNotFound deletes its Volume on every pass and releases its
// finalizer only once the Delete finds nothing to delete.
type DeleteUntilNotFound struct {
	client.Client
	Storage storagev1.VolumesContextGetter
}

func (r *DeleteUntilNotFound) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := r.Storage.Volumes(app.Namespace).Delete(ctx, app.Name, metav1.DeleteOptions{})
	if err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, r.release(ctx, app)
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Second}, nil
}

func (r *DeleteUntilNotFound) release(ctx context.Context, app *corev1.ConfigMap) error {
	controllerutil.RemoveFinalizer(app, finalizerName)
	return r.Update(ctx, app)
}

// HelperUntilNotFound does the same through a helper that returns the
// Delete's error, tested in a switch.
type HelperUntilNotFound struct {
	client.Client
	Storage storagev1.VolumesContextGetter
}

func (r *HelperUntilNotFound) deleteVolume(ctx context.Context, app *corev1.ConfigMap) error {
	return r.Storage.Volumes(app.Namespace).Delete(ctx, app.Name, metav1.DeleteOptions{})
}

func (r *HelperUntilNotFound) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := r.deleteVolume(ctx, app)
	switch {
	case apierrors.IsNotFound(err):
		controllerutil.RemoveFinalizer(app, finalizerName)
		return ctrl.Result{}, r.Update(ctx, app)
	case err != nil:
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Second}, nil
}

// NotFoundOrReturn returns, keeping its finalizer, unless the Delete says
// not-found: a Delete that succeeds returns nil without releasing, and the
// next pass deletes again.
type NotFoundOrReturn struct {
	client.Client
	Storage storagev1.VolumesContextGetter
}

func (r *NotFoundOrReturn) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.Storage.Volumes(app.Namespace).Delete(ctx, app.Name, metav1.DeleteOptions{}); !apierrors.IsNotFound(err) {
		return ctrl.Result{RequeueAfter: time.Second}, err
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}
