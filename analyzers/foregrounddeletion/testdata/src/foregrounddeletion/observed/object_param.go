// Reproduces a reconciler whose finalizer deletes its side objects through
// a generic helper given each object as a client.Object: the callers pass
// a Secret and a ConfigMap, kinds without finalizers of their own, and
// every failure is returned, which keeps the finalizer. An exported helper,
// which other packages may call with anything, is judged at each call by
// the object passed there.
package observed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type SideConfig struct {
	client.Client
}

func (r *SideConfig) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	meta := metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name + "-side"}
	for _, obj := range []client.Object{&corev1.Secret{ObjectMeta: meta}, &corev1.ConfigMap{ObjectMeta: meta}} {
		if err := r.deleteIfPresent(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(app, "example.com/side-config")
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *SideConfig) deleteIfPresent(ctx context.Context, obj client.Object) error {
	if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
		return err
	}
	return nil
}

type SideSecret struct {
	client.Client
}

func (r *SideSecret) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.DeleteIfPresent(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: app.Namespace, Name: app.Name}}); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, "example.com/side-secret")
	return ctrl.Result{}, r.Update(ctx, app)
}

// DeleteIfPresent deletes obj, unless it is already gone.
func (r *SideSecret) DeleteIfPresent(ctx context.Context, obj client.Object) error { // want DeleteIfPresent:"deletes param 1 at object_param.go:69:31 \\(collection false, error returned true\\)"
	return client.IgnoreNotFound(r.Delete(ctx, obj))
}

type SideRBAC struct {
	client.Client
}

func (r *SideRBAC) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	meta := metav1.ObjectMeta{Name: app.Name}
	if err := r.deleteAll(ctx, []client.Object{&corev1.Secret{ObjectMeta: meta}, &corev1.ServiceAccount{ObjectMeta: meta}}); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, "example.com/side-rbac")
	return ctrl.Result{}, r.Update(ctx, app)
}

// deleteAll deletes each of objs, and returns the first failure.
func (r *SideRBAC) deleteAll(ctx context.Context, objs []client.Object) error {
	for _, obj := range objs {
		if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	return nil
}
