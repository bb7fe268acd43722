// A finalizer that deletes the objects it made, kept in a map of
// client.Object, and returns each Delete's error: one of them is a
// Volume, whose controller's finalizer can hold its deletion,
// so the finalizer goes while it may remain. The message names the kinds
// the map holds.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

type CollectionKinds struct {
	client.Client
}

func (r *CollectionKinds) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	meta := metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}
	owned := map[string]client.Object{
		"config": &corev1.Secret{ObjectMeta: meta},
		"data":   &storage.Volume{ObjectMeta: meta},
	}
	for _, obj := range owned {
		if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume or Secret without observing that the Volume or Secret is gone: a deletion blocked by the Volume or Secret's own finalizers goes unnoticed`
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return ctrl.Result{}, r.Update(ctx, app)
}

// deleteGiven deletes what its caller hands it: the kind is not known here.
func (r *CollectionKinds) deleteGiven(ctx context.Context, app *corev1.ConfigMap, obj client.Object) error {
	if app.DeletionTimestamp.IsZero() {
		return nil
	}
	if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the dependent \(of a kind not known statically\) without observing that the dependent is gone`
		return err
	}
	controllerutil.RemoveFinalizer(app, finalizerName)
	return r.Update(ctx, app)
}
