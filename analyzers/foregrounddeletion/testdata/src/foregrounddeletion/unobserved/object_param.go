// Reproduces a reconciler whose finalizer deletes its side objects through
// a helper given each one as a client.Object. One caller passes a Volume,
// held by its own finalizer until its disk is gone, so removing the
// finalizer right after leaks it: that call is reported, by the kind it
// passes, and the one that passes a Secret is not. An exported helper may be called from other packages, with any
// object: its kind stays unknown.
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

type SideVolume struct {
	client.Client
}

func (r *SideVolume) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	meta := metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name + "-side"}
	if err := r.deleteIfPresent(ctx, &corev1.Secret{ObjectMeta: meta}); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.deleteIfPresent(ctx, &storage.Volume{ObjectMeta: meta}); err != nil { // want `ConfigMap removes its finalizer "example.com/side-volume" after deleting the Volume without observing that the Volume is gone`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, "example.com/side-volume")
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *SideVolume) deleteIfPresent(ctx context.Context, obj client.Object) error {
	if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
		return err
	}
	return nil
}

type SideAny struct {
	client.Client
}

func (r *SideAny) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	meta := metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name + "-side"}
	if err := r.DeleteIfPresent(ctx, &storage.Volume{ObjectMeta: meta}); err != nil { // want `ConfigMap removes its finalizer "example.com/side-any" after deleting the Volume without observing`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, "example.com/side-any")
	return ctrl.Result{}, r.Update(ctx, app)
}

// DeleteIfPresent deletes obj, unless it is already gone.
func (r *SideAny) DeleteIfPresent(ctx context.Context, obj client.Object) error { // want DeleteIfPresent:"deletes param 1 at object_param.go:73:12 \\(collection false, error returned true\\)"
	if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
		return err
	}
	return nil
}

type SideVolumes2 struct {
	client.Client
}

func (r *SideVolumes2) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	meta := metav1.ObjectMeta{Name: app.Name}
	if err := r.deleteAll(ctx, []client.Object{&corev1.Secret{ObjectMeta: meta}, &storage.Volume{ObjectMeta: meta}}); err != nil { // want `ConfigMap removes its finalizer "example.com/side-volumes2" after deleting the (Secret or Volume|Volume or Secret) without observing`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, "example.com/side-volumes2")
	return ctrl.Result{}, r.Update(ctx, app)
}

// deleteAll deletes each of objs, and returns the first failure.
func (r *SideVolumes2) deleteAll(ctx context.Context, objs []client.Object) error {
	for _, obj := range objs {
		if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	return nil
}
