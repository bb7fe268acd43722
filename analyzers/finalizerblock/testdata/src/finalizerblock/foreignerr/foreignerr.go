// Package foreignerr holds deletion code that tests a helper's error with // want package:`order\(Machine needs Secret, Volume needs Secret; releases Machine, Volume\)`
// errors.As before returning it. A Kubernetes not-found (the helper reads a
// Secret the spec names) is an API status error: errors.As to another
// package's error type never matches it, so that branch is no return taken
// when the Secret is gone; errors.As to a type the package wraps errors in
// may be.
package foreignerr

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/foreignerr/cloudapi"
)

const finalizer = "example.com/inventory"

type Machine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MachineSpec
}

type MachineSpec struct {
	CredentialsSecret string
	ID                string
}

func (in *Machine) DeepCopyObject() runtime.Object { return in }

type MachineReconciler struct {
	client.Client
}

func (r *MachineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.unregister(ctx, m); err != nil {
		var apiErr *cloudapi.APIError
		if errors.As(err, &apiErr) && apiErr.Code == 409 {
			return ctrl.Result{RequeueAfter: 30 * time.Second}, nil // the cloud is busy: never a not-found
		}
		var stale *staleCredentials
		if errors.As(err, &stale) {
			return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when a referenced Secret that r.unregister reads is already deleted, this return keeps Machine from ever reaching the removal of finalizer "example.com/inventory" while it is being deleted`
		}
		return ctrl.Result{}, err // want `when a referenced Secret that r.unregister reads is already deleted, this return keeps Machine from ever reaching the removal of finalizer "example.com/inventory" while it is being deleted`
	}
	controllerutil.RemoveFinalizer(m, finalizer)
	return ctrl.Result{}, r.Update(ctx, m)
}

// staleCredentials wraps a failed read of the credentials.
type staleCredentials struct{ err error }

func (e *staleCredentials) Error() string { return e.err.Error() }

func (r *MachineReconciler) unregister(ctx context.Context, m *Machine) error {
	creds := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: m.Namespace, Name: m.Spec.CredentialsSecret}, creds); err != nil {
		if m.Spec.ID == "" {
			return &staleCredentials{err: err}
		}
		return err
	}
	c := &cloudapi.Client{Token: creds.Data["token"]}
	return c.Unregister(ctx, m.Spec.ID)
}
