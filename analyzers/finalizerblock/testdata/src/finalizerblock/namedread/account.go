package namedread // want package:`order\(Binding needs Secret, Binding needs Unstructured; releases Binding\)`

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// credentials reads the account ConfigMap it is handed by name, then the
// Secret the Binding's spec names: only the second is a dependency here.
func credentials(ctx context.Context, c client.Client, b *Binding, ns, account string) error {
	acc := &corev1.ConfigMap{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: ns, Name: account}, acc); err != nil {
		return err
	}
	s := &corev1.Secret{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: b.Namespace, Name: b.Spec.SecretName}, s); err != nil {
		return err
	}
	return nil
}

type AccountReconciler struct {
	client.Client
}

func (r *AccountReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &Binding{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := credentials(ctx, r.Client, b, "accounts", "default"); err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that credentials reads is already deleted`
	}
	if !b.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(b, finalizer)
		return ctrl.Result{}, r.Update(ctx, b)
	}
	controllerutil.AddFinalizer(b, finalizer)
	return ctrl.Result{}, r.Update(ctx, b)
}
