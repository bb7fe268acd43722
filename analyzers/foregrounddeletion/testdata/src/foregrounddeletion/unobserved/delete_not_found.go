// Reproduces deletion code whose not-found test is not the Delete's own
// answer: a test of another call's error, of the same variable after it
// took another call's error, of the error of a helper that deletes and
// then returns a read's error, and client.IgnoreNotFound(err) == nil, also
// true when the Delete succeeded.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	storagev1 "foregrounddeletion/storageclient/typed/storage/v1"
)

// OtherNotFound releases its finalizer when its settings ConfigMap is not
// found, whatever the Delete of its Volume did.
type OtherNotFound struct {
	client.Client
	Storage storagev1.VolumesContextGetter
}

func (r *OtherNotFound) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	delErr := r.Storage.Volumes(app.Namespace).Delete(ctx, app.Name, metav1.DeleteOptions{}) // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
	if delErr != nil && !apierrors.IsNotFound(delErr) {
		return ctrl.Result{}, delErr
	}
	settings := &corev1.ConfigMap{}
	err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Name + "-settings"}, settings)
	if apierrors.IsNotFound(err) {
		controllerutil.RemoveFinalizer(app, finalizerName)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	return ctrl.Result{}, err
}

// ReusedErr tests the Delete's variable after it took the error of a Get
// of something else.
type ReusedErr struct {
	client.Client
	Storage storagev1.VolumesContextGetter
}

func (r *ReusedErr) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := r.Storage.Volumes(app.Namespace).Delete(ctx, app.Name, metav1.DeleteOptions{}) // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
	if err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	err = r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Name + "-settings"}, &corev1.ConfigMap{})
	if apierrors.IsNotFound(err) {
		controllerutil.RemoveFinalizer(app, finalizerName)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	return ctrl.Result{}, err
}

// IgnoredNotFound releases its finalizer when the Delete's error, not-found
// ignored, is nil: as it is when the Delete succeeded and the Volume may
// still be held by its finalizers.
type IgnoredNotFound struct {
	client.Client
	Storage storagev1.VolumesContextGetter
}

func (r *IgnoredNotFound) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := r.Storage.Volumes(app.Namespace).Delete(ctx, app.Name, metav1.DeleteOptions{}) // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
	if client.IgnoreNotFound(err) == nil {
		controllerutil.RemoveFinalizer(app, finalizerName)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	return ctrl.Result{}, err
}

// HelperReads deletes its Volume in a helper that then returns the error of
// a read of its settings: that not-found is the settings', not the
// Volume's.
type HelperReads struct {
	client.Client
	Storage storagev1.VolumesContextGetter
}

func (r *HelperReads) cleanup(ctx context.Context, app *corev1.ConfigMap) error {
	if err := r.Storage.Volumes(app.Namespace).Delete(ctx, app.Name, metav1.DeleteOptions{}); err != nil {
		return err
	}
	return r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Name + "-settings"}, &corev1.ConfigMap{})
}

func (r *HelperReads) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := r.cleanup(ctx, app) // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
	if apierrors.IsNotFound(err) {
		controllerutil.RemoveFinalizer(app, finalizerName)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	return ctrl.Result{}, err
}
