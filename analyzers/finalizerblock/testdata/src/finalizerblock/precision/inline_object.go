// Reproduces a reconciler that reads the Secret its spec names into an object made in the call itself, only to see whether it exists, and returns when it is missing before the deletion branch: the object read is not the one being reconciled, so the return strands the finalizer.
package precision

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type InlineObjectReconciler struct {
	client.Client
}

func (r *InlineObjectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.CredentialsName}, &corev1.Secret{})
	if apierrors.IsNotFound(err) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when the Secret named by m.Spec.CredentialsName is already deleted, this return keeps Member from ever reaching the removal`
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, finalizerName)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}
