// Reproduces three finalizers whose cleanup failure is observed without
// being returned: a loop over the finalizers keeps the entry whose cleanup
// failed and writes the rest back; a helper's error decides whether the
// finalizer is removed; a failed Delete requeues after logging. Secrets
// carry no finalizer of their own, so once a Delete succeeds the Secret is
// gone, and until then the finalizer stays.
package observed

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type KeepsFailedEntries struct {
	client.Client
}

func (r *KeepsFailedEntries) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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
		if err := r.Delete(ctx, s); client.IgnoreNotFound(err) != nil {
			log.Printf("deleting %s: %v", s.Name, err)
			kept = append(kept, name)
		}
	}
	app.SetFinalizers(kept)
	return ctrl.Result{}, r.Update(ctx, app)
}

type GatedByHelper struct {
	client.Client
}

func (r *GatedByHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.removeSettings(ctx, app); err == nil {
		controllerutil.RemoveFinalizer(app, finalizerName)
		return ctrl.Result{}, r.Update(ctx, app)
	} else {
		log.Printf("cleanup of %s: %v", app.Name, err)
	}
	return ctrl.Result{}, nil
}

func (r *GatedByHelper) removeSettings(ctx context.Context, app *corev1.ConfigMap) error {
	settings := &corev1.Secret{}
	settings.Namespace, settings.Name = app.Namespace, app.Name+"-settings"
	return client.IgnoreNotFound(r.Delete(ctx, settings))
}

type RequeuesOnFailure struct {
	client.Client
}

func (r *RequeuesOnFailure) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	s := &corev1.Secret{}
	s.Namespace, s.Name = app.Namespace, app.Name
	err := r.Delete(ctx, s)
	if err != nil && !apierrors.IsNotFound(err) {
		log.Printf("deleting %s: %v", s.Name, err)
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}
