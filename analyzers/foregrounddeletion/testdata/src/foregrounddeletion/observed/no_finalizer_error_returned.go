// Reproduces an operator's finalizer that deletes the Deployment and the Secret it made and returns the error of each Delete before removing its own finalizer: neither kind carries a finalizer of its own, so a Delete that succeeds leaves nothing behind and one that fails is retried; nothing goes unnoticed.
package observed

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type NoFinalizerOfItsOwn struct {
	client.Client
}

func (r *NoFinalizerOfItsOwn) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	dep := &appsv1.Deployment{}
	dep.Namespace, dep.Name = app.Namespace, app.Name
	if err := r.Delete(ctx, dep); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if err := r.deleteCredentials(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *NoFinalizerOfItsOwn) deleteCredentials(ctx context.Context, app *corev1.ConfigMap) error {
	s := &corev1.Secret{}
	s.Namespace, s.Name = app.Namespace, app.Name+"-credentials"
	err := r.Delete(ctx, s)
	if client.IgnoreNotFound(err) != nil {
		return err
	}
	return nil
}
