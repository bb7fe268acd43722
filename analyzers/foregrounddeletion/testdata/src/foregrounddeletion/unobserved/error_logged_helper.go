// Reproduces a finalizer whose helper keeps the Delete's error in a variable but only logs it and returns nil: the reconciler removes its finalizer whether or not the Secret went.
package unobserved

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ErrorLoggedHelper struct {
	client.Client
}

func (r *ErrorLoggedHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.dropToken(ctx, app); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Secret without observing that the Secret is gone`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *ErrorLoggedHelper) dropToken(ctx context.Context, app *corev1.ConfigMap) error {
	s := &corev1.Secret{}
	s.Namespace, s.Name = app.Namespace, app.Name+"-token"
	err := r.Delete(ctx, s)
	if err != nil {
		log.Printf("deleting the token of %s: %v", app.Name, err)
	}
	return nil
}
