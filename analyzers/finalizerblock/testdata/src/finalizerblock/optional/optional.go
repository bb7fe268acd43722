// Package optional holds deletions that read a referenced Secret through a // want package:`order\(Volume needs Secret; releases Volume\)`
// helper that treats a missing Secret as no Secret: the helper's error is
// nil then, so a caller that returns the helper's error never returns on a
// missing Secret. A caller that also stops when the helper finds nothing
// does.
package optional

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/volume"

// Volume names the Secret that holds its encryption key.
type Volume struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec VolumeSpec
}

// VolumeSpec refers to the key Secret.
type VolumeSpec struct {
	KeyRef corev1.SecretReference
}

func (in *Volume) DeepCopyObject() runtime.Object { return in }

type Reconciler struct {
	client.Client
}

// keySecret reads the key Secret; a missing one is no Secret and no error.
func (r *Reconciler) keySecret(ctx context.Context, v *Volume) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: v.Spec.KeyRef.Namespace, Name: v.Spec.KeyRef.Name}, s); err != nil {
		return nil, client.IgnoreNotFound(err)
	}
	return s, nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	v := &Volume{}
	if err := r.Get(ctx, req.NamespacedName, v); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if v.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(v, finalizer)
		return ctrl.Result{}, r.Update(ctx, v)
	}
	key, err := r.keySecret(ctx, v)
	if err != nil {
		return ctrl.Result{}, err // a missing Secret is no error here
	}
	if key != nil {
		_ = key.Data // wipe with the key
	}
	controllerutil.RemoveFinalizer(v, finalizer)
	return ctrl.Result{}, r.Update(ctx, v)
}

// Strict stops when the Secret is missing.
type Strict struct {
	Reconciler
}

func (r *Strict) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	v := &Volume{}
	if err := r.Get(ctx, req.NamespacedName, v); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if v.DeletionTimestamp.IsZero() {
		controllerutil.AddFinalizer(v, finalizer)
		return ctrl.Result{}, r.Update(ctx, v)
	}
	key, err := r.keySecret(ctx, v)
	if err != nil || key == nil {
		return ctrl.Result{}, err // want `when a referenced Secret that r.keySecret reads is already deleted, this return keeps Volume from ever reaching the removal of finalizer "example.com/volume" while it is being deleted`
	}
	_ = key.Data
	controllerutil.RemoveFinalizer(v, finalizer)
	return ctrl.Result{}, r.Update(ctx, v)
}
