// Reproduces an operator that protects the Secrets it hands out with a
// finalizer of its own. One deletion path releases that finalizer from the
// Secret, then deletes it and returns the Delete's error: nothing of the
// Secret's own can hold its deletion up, and a failure is retried. Another
// deletes a protected Secret without releasing it: the Secret's deletion
// waits on that finalizer, unseen.
package releasedfirst

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const (
	appFinalizer     = "example.com/app"
	protectFinalizer = "example.com/protect"
)

type Reconciler struct {
	client.Client
}

// protect adds the operator's finalizer to a Secret it hands out.
func (r *Reconciler) protect(ctx context.Context, s *corev1.Secret) error {
	controllerutil.AddFinalizer(s, protectFinalizer)
	return r.Update(ctx, s)
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(app), s); err != nil {
		return ctrl.Result{}, err
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.protect(ctx, s)
	}
	controllerutil.RemoveFinalizer(s, protectFinalizer)
	if err := r.Update(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Delete(ctx, s); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, appFinalizer)
	return ctrl.Result{}, r.Update(ctx, app)
}

type KeepsProtection struct {
	client.Client
}

func (r *KeepsProtection) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	s := &corev1.Secret{}
	s.Namespace, s.Name = app.Namespace, app.Name
	if err := r.Delete(ctx, s); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/app" after deleting the Secret without observing that the Secret is gone: a deletion blocked by the Secret's own finalizers goes unnoticed: ConfigMap is gone first, and a Secret whose finalizers are never released is left behind with nothing on ConfigMap to show it; delete with`
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(app, appFinalizer)
	return ctrl.Result{}, r.Update(ctx, app)
}
