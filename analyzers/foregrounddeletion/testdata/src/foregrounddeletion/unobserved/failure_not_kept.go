// Reproduces two finalizers whose cleanup failure is not kept: a loop over
// the finalizers keeps the entries of other controllers but drops its own
// even when deleting the Secret failed (the append that keeps entries is
// on another branch), and a helper's error gates the removal of the
// finalizer while the deleted object, a Volume, is held by
// a finalizer of its own: its deletion is accepted, not done.
package unobserved

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type DropsFailedEntry struct {
	client.Client
}

func (r *DropsFailedEntry) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	var kept []string
	for _, name := range app.GetFinalizers() {
		if name != finalizerName {
			kept = append(kept, name)
			continue
		}
		s := &corev1.Secret{}
		s.Namespace, s.Name = app.Namespace, app.Name
		if err := r.Delete(ctx, s); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer after deleting the Secret without observing that the Secret is gone: a deletion that fails goes unnoticed and leaks; return the Delete.s error \(its not-found ignored\) so that a failed deletion is retried`
			log.Printf("deleting %s: %v", s.Name, err)
		}
	}
	app.SetFinalizers(kept)
	return ctrl.Result{}, r.Update(ctx, app)
}

type GatedClaim struct {
	client.Client
}

func (r *GatedClaim) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.removeClaim(ctx, app); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone: a deletion blocked by the Volume's own finalizers goes unnoticed`
		log.Printf("cleanup of %s: %v", app.Name, err)
		return ctrl.Result{}, nil
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *GatedClaim) removeClaim(ctx context.Context, app *corev1.ConfigMap) error {
	pvc := &storage.Volume{}
	pvc.Namespace, pvc.Name = app.Namespace, app.Name
	return client.IgnoreNotFound(r.Delete(ctx, pvc))
}
