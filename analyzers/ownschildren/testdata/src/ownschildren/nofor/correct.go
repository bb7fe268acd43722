package nofor

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"

	cachev1 "ownschildren/api/v1"
)

// CacheReconciler is built without For and watches the Cache it
// reconciles and the Secrets it owns: nothing to report.
type CacheReconciler struct {
	client.Client
}

func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &cachev1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{}
	if err := ctrl.SetControllerReference(c, s, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.createOwned(ctx, c, &corev1.ServiceAccount{})
}

// createOwned gives obj a controller reference to an owner whose kind only
// the caller knows: here the Cache, whose ServiceAccounts the builder
// watches by their metadata.
func (r *CacheReconciler) createOwned(ctx context.Context, owner, obj client.Object) error {
	if err := ctrl.SetControllerReference(owner, obj, r.Scheme()); err != nil {
		return err
	}
	return r.Create(ctx, obj)
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("cache").
		Watches(&cachev1.Cache{}, &handler.EnqueueRequestForObject{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Cache{}, handler.OnlyControllerOwner())).
		WatchesMetadata(&corev1.ServiceAccount{}, handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &cachev1.Cache{}, handler.OnlyControllerOwner())).
		Complete(r)
}

// LabelReconciler is built without For and watches only Pods, mapped to
// requests by a function: which kind it reconciles cannot be told, so the
// ConfigMap it gives a Memcached owner is not guessed to be unwatched.
type LabelReconciler struct {
	client.Client
}

func (r *LabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(m, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *LabelReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("labels").
		Watches(&corev1.Pod{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, obj client.Object) []ctrl.Request { return nil })).
		Complete(r)
}
