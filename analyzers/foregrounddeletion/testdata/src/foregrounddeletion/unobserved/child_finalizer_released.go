// Reproduces a finalizer that first releases the finalizer it had put on a
// Secret it shares with its workloads, deletes the Secret, and only logs a
// failed Delete, then removes the ConfigMap's own finalizer. The released
// finalizer is the Secret's: the finding names the ConfigMap's.
package unobserved

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const inUseFinalizer = "example.com/in-use"

type ReleasesChildFirst struct {
	client.Client
}

func (r *ReleasesChildFirst) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	s := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: app.Namespace, Name: app.Name}, s); err == nil {
		controllerutil.RemoveFinalizer(s, inUseFinalizer)
		if err := r.Update(ctx, s); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Delete(ctx, s); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Secret without observing that the Secret is gone: a deletion that fails goes unnoticed`
			log.Printf("deleting %s: %v", s.Name, err)
		}
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}
