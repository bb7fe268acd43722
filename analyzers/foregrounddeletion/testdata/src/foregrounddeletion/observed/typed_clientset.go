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

// TypedReconciler deletes its Volume by name through a typed clientset and
// reads it back, requeueing until it is gone.
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
	volumes := r.Storage.Volumes(app.Namespace)
	if err := volumes.Delete(ctx, app.Name, metav1.DeleteOptions{}); err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	if _, err := volumes.Get(ctx, app.Name, metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	controllerutil.RemoveFinalizer(app, "example.com/cleanup")
	return ctrl.Result{}, r.Update(ctx, app)
}
