// Package othermessage holds deletion code that tells a helper's errors // want package:`order\(Stack needs Secret; releases Stack\)`
// apart by their message. The helper reads a Secret the spec names and
// hands its error back, wrapped; the API server's not-found always says
// "not found", so a branch for a message that does not (a teardown job
// still running) is never taken when the Secret is gone, and only the
// other returns strand the finalizer.
package othermessage

import (
	"context"
	"errors"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const (
	finalizer = "example.com/teardown"

	msgTeardownRunning = "teardown job has not finished"
	msgNoCredentials   = "credentials secret not found"
)

type Stack struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec StackSpec
}

type StackSpec struct {
	CredentialsSecret string
}

func (in *Stack) DeepCopyObject() runtime.Object { return in }

type StackReconciler struct {
	client.Client
}

// Reconcile waits for the teardown job by its message, and returns any
// other error: a missing Secret strands the finalizer there.
func (r *StackReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Stack{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.teardown(ctx, s); err != nil {
		if err.Error() == msgTeardownRunning {
			return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
		}
		return ctrl.Result{}, err // want `when a referenced Secret that r.teardown reads is already deleted, this return keeps Stack from ever reaching the removal of finalizer "example.com/teardown" while it is being deleted`
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

// Inverted tests the other message the other way round: every error but
// the running job's is returned, a missing Secret's too.
func (r *StackReconciler) Inverted(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Stack{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.teardown(ctx, s); err != nil {
		if msgTeardownRunning != err.Error() {
			return ctrl.Result{}, err // want `when a referenced Secret that r.teardown reads is already deleted, this return keeps Stack from ever reaching the removal of finalizer "example.com/teardown" while it is being deleted`
		}
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

// Named compares with a message that says "not found": that branch may be
// the missing Secret's.
func (r *StackReconciler) Named(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Stack{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.teardown(ctx, s); err != nil {
		if err.Error() == msgNoCredentials {
			return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when a referenced Secret that r.teardown reads is already deleted, this return keeps Stack from ever reaching the removal of finalizer "example.com/teardown" while it is being deleted`
		}
		return ctrl.Result{}, err // want `when a referenced Secret that r.teardown reads is already deleted, this return keeps Stack from ever reaching the removal of finalizer "example.com/teardown" while it is being deleted`
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

// teardown reads the credentials and reports a running job by message.
func (r *StackReconciler) teardown(ctx context.Context, s *Stack) error {
	creds := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: s.Namespace, Name: s.Spec.CredentialsSecret}, creds); err != nil {
		return fmt.Errorf("reading credentials: %w", err)
	}
	if len(creds.Data) == 0 {
		return errors.New(msgTeardownRunning)
	}
	return nil
}
