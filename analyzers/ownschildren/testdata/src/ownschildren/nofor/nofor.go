// Package nofor reproduces controllers built without For: the reconciled
// object is watched with Watches and a handler of the project's own (to
// count events, or to filter them), so only the kinds the builder watches
// say which one is reconciled.
package nofor

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"

	cachev1 "ownschildren/api/v1"
)

// countingHandler enqueues the object itself and counts what it sees.
type countingHandler struct {
	handler.EnqueueRequestForObject
	seen int
}

// AppReconciler creates a ConfigMap and a Service owned by the Memcached it
// reconciles; it watches the Service, not the ConfigMap.
type AppReconciler struct {
	client.Client
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.ensureConfig(ctx, app); err != nil {
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{}
	if err := ctrl.SetControllerReference(app, svc, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, svc)
}

func (r *AppReconciler) ensureConfig(ctx context.Context, app *cachev1.Memcached) error {
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(app, cm, r.Scheme()); err != nil { // want `corev1.ConfigMap is created with a controller reference to cachev1.Memcached but its controller does not watch it: a deleted or changed ConfigMap is not repaired until the next resync; add Watches\(&corev1.ConfigMap\{\}, handler.EnqueueRequestForOwner\(mgr.GetScheme\(\), mgr.GetRESTMapper\(\), &cachev1.Memcached\{\}, handler.OnlyControllerOwner\(\)\)\) to the controller's builder`
		return err
	}
	return r.Create(ctx, cm)
}

func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("app").
		Watches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(podToApp)).
		Watches(&cachev1.Memcached{}, &countingHandler{}).
		Watches(&corev1.Service{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Memcached{}, handler.OnlyControllerOwner())).
		Complete(r)
}

func podToApp(ctx context.Context, obj client.Object) []ctrl.Request { return nil }
