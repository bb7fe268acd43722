// Reproduces a controller that keeps the Secret its Vault names with a // want package:`order\(Vault needs Secret; releases Vault\)`
// finalizer of its own, added by appending to the Secret's Finalizers
// field as code written before controllerutil.AddFinalizer does, and
// released in the Vault's deletion: a Secret missing before the deletion
// branch can be missing only if it was deleted before it was held.
package heldassigned

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Vault struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ TokenSecret string }
}

func (v *Vault) DeepCopyObject() runtime.Object { return v }

const (
	vaultFinalizer = "vault.example.com/vault"
	holdFinalizer  = "vault.example.com/token"
)

type VaultReconciler struct {
	client.Client
}

func (r *VaultReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	v := &Vault{}
	if err := r.Get(ctx, req.NamespacedName, v); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	token := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: v.Namespace, Name: v.Spec.TokenSecret}, token); err != nil {
		return ctrl.Result{}, err // want `the Secret carries a finalizer of this controller's from .* on, which .* removes, so it is missing here only if it was deleted before that`
	}
	if !v.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(token, holdFinalizer)
		if err := r.Update(ctx, token); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(v, vaultFinalizer)
		return ctrl.Result{}, r.Update(ctx, v)
	}
	if !controllerutil.ContainsFinalizer(token, holdFinalizer) {
		token.Finalizers = append(token.Finalizers, holdFinalizer)
		if err := r.Update(ctx, token); err != nil {
			return ctrl.Result{}, err
		}
	}
	if !controllerutil.ContainsFinalizer(v, vaultFinalizer) {
		v.ObjectMeta.Finalizers = append(v.ObjectMeta.Finalizers, vaultFinalizer)
		return ctrl.Result{}, r.Update(ctx, v)
	}
	return ctrl.Result{}, nil
}
