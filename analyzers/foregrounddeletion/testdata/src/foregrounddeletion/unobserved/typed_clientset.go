package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	storagev1 "foregrounddeletion/storageclient/typed/storage/v1"
)

// TypedReconciler deletes its Volume by name through a typed clientset
// and releases its finalizer in the same pass.
type TypedReconciler struct {
	client.Client
	Storage storagev1.VolumesContextGetter
}

func (r *TypedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}

// LegacyReconciler does the same through a clientset of the API before
// client-go took a context.
type LegacyReconciler struct {
	client.Client
	Storage storagev1.VolumesGetter
}

func (r *LegacyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.Storage.Volumes(app.Namespace).Delete(app.Name, &metav1.DeleteOptions{}); err != nil && !apierrors.IsNotFound(err) { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}
