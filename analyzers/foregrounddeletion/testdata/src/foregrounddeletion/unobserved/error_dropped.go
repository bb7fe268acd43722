// Reproduces a finalizer that deletes the Secret it made and only logs a failed Delete before removing its own finalizer: a failure goes unnoticed and the Secret leaks, although Secrets carry no finalizer of their own.
package unobserved

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type DroppedError struct {
	client.Client
}

func (r *DroppedError) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	s := &corev1.Secret{}
	s.Namespace, s.Name = app.Namespace, app.Name
	if err := r.Delete(ctx, s); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Secret without observing that the Secret is gone`
		log.Printf("deleting %s: %v", s.Name, err)
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}
