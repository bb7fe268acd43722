// Reproduces a finalizer whose helper keeps the Delete's error in a variable, logs, and returns it at the end, and a helper that hands the error back bare as its named result: both failures reach the reconciler, which returns them and keeps its finalizer.
package observed

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type ErrorReturnedLater struct {
	client.Client
}

func (r *ErrorReturnedLater) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.dropToken(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.dropKey(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *ErrorReturnedLater) dropToken(ctx context.Context, app *corev1.ConfigMap) error {
	s := &corev1.Secret{}
	s.Namespace, s.Name = app.Namespace, app.Name+"-token"
	err := r.Delete(ctx, s)
	log.Printf("deleted the token of %s", app.Name)
	return err
}

func (r *ErrorReturnedLater) dropKey(ctx context.Context, app *corev1.ConfigMap) (err error) {
	s := &corev1.Secret{}
	s.Namespace, s.Name = app.Namespace, app.Name+"-key"
	if err = r.Delete(ctx, s); err != nil {
		log.Printf("deleting the key of %s: %v", app.Name, err)
		return
	}
	return nil
}
