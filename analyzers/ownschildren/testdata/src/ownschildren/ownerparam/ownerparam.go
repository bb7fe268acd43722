// Reproduces a reconciler whose own helper takes the owner as a metav1.Object
// parameter: one call passes the reconciled object (a child of it), another a
// StatefulSet the reconciler created (a grandchild, owned by the StatefulSet).
package ownerparam

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
	"ownschildren/ownerparam/kit"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sts := &appsv1.StatefulSet{}
	if err := r.ownAndCreate(ctx, m, sts); err != nil { // watched: Owns below
		return ctrl.Result{}, err
	}
	// The ConfigMap is the StatefulSet's child, not the Memcached's: not
	// this controller's to watch.
	if err := r.ownConfigMap(ctx, sts); err != nil {
		return ctrl.Result{}, err
	}
	// So is the ServiceAccount another package's helper creates.
	if err := kit.CreateServiceAccount(ctx, r.Client, sts); err != nil {
		return ctrl.Result{}, err
	}
	// The Secret is the Memcached's child, and nothing watches it.
	if err := r.ownSecret(ctx, m); err != nil { // want `corev1.Secret is created with a controller reference to cachev1.Memcached but its controller does not watch it`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ownAndCreate gives obj a controller reference to owner and creates it.
func (r *Reconciler) ownAndCreate(ctx context.Context, owner metav1.Object, obj client.Object) error {
	if err := controllerutil.SetControllerReference(owner, obj, r.Scheme()); err != nil {
		return err
	}
	return r.Create(ctx, obj)
}

// ownConfigMap creates a ConfigMap owned by owner, whatever owner is.
func (r *Reconciler) ownConfigMap(ctx context.Context, owner metav1.Object) error {
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(owner, cm, r.Scheme()); err != nil {
		return err
	}
	return r.Create(ctx, cm)
}

// ownSecret creates a Secret owned by owner.
func (r *Reconciler) ownSecret(ctx context.Context, owner metav1.Object) error {
	s := &corev1.Secret{}
	if err := controllerutil.SetControllerReference(owner, s, r.Scheme()); err != nil {
		return err
	}
	return r.Create(ctx, s)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&cachev1.Memcached{}).
		Owns(&appsv1.StatefulSet{}).
		Complete(r)
}
