// Reproduces a finalizer whose cleanup helper collects each failed
// Delete's error into a slice, but only logs them and returns nil: the
// finalizer is removed whether the Secrets are gone or not. (A helper that
// returns the collected errors, errors.Join(errs...), keeps the finalizer:
// observed/generic_list.go.)
package unobserved

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type CollectedErrors struct {
	client.Client
}

func (r *CollectedErrors) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.cleanup(ctx, app); err != nil { // want `ConfigMap removes its finalizer "example.com/collected" after deleting the Secret without observing that the Secret is gone: a deletion that fails goes unnoticed`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, "example.com/collected")
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *CollectedErrors) cleanup(ctx context.Context, app *corev1.ConfigMap) error {
	var errs []error
	for _, name := range []string{"tls", "token"} {
		s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name + "-" + name}}
		if err := r.Delete(ctx, s); client.IgnoreNotFound(err) != nil {
			errs = append(errs, err)
		}
	}
	for _, err := range errs {
		log.Print(err)
	}
	return nil
}
