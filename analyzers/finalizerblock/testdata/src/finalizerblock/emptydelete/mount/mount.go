// Package mount reconciles Mounts, which hold the Secret they name with a // want package:`order\(Mount needs Secret; releases Mount\)`
// finalizer and let it go as they are deleted. The lookup of the Secret
// lets not-found through; releasing the Secret it did not find writes an
// object without a name, which the API server refuses on every retry.
// Correct neighbours release the Secret only when the lookup found it.
package mount

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/emptydelete/hold"
)

const (
	mountFinalizer = "example.com/mount"
	holdFinalizer  = "example.com/mount-secret"
)

type Mount struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ SecretName string }
}

func (m *Mount) DeepCopyObject() runtime.Object { return m }

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Mount{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(m, mountFinalizer)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return r.finish(ctx, m)
}

// finish runs only while the Mount is being deleted.
func (r *Reconciler) finish(ctx context.Context, m *Mount) (ctrl.Result, error) {
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.SecretName}, secret); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if err := hold.Release(ctx, r.Client, secret, holdFinalizer); err != nil {
		return ctrl.Result{}, err // want `when the Secret named by m.Spec.SecretName is already deleted, its lookup leaves secret without a name, and hold.Release of secret fails on every retry \(the API server refuses to update an object without a name\): .*skip hold.Release when the lookup finds nothing`
	}
	controllerutil.RemoveFinalizer(m, mountFinalizer)
	return ctrl.Result{}, r.Update(ctx, m)
}

// InPlace releases the Secret itself: its Update fails the same way.
type InPlace struct {
	client.Client
}

func (r *InPlace) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Mount{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(m, mountFinalizer)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.SecretName}, secret); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(secret, holdFinalizer)
	if err := r.Update(ctx, secret); err != nil {
		return ctrl.Result{}, err // want `its lookup leaves secret without a name, and the Update of secret fails on every retry \(the API server refuses to update an object without a name\)`
	}
	controllerutil.RemoveFinalizer(m, mountFinalizer)
	return ctrl.Result{}, r.Update(ctx, m)
}

// Found releases the Secret only when the lookup found it.
type Found struct {
	client.Client
}

func (r *Found) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Mount{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(m, mountFinalizer)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	secret := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.SecretName}, secret)
	if client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if err == nil {
		if err := hold.Release(ctx, r.Client, secret, holdFinalizer); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(m, mountFinalizer)
	return ctrl.Result{}, r.Update(ctx, m)
}
