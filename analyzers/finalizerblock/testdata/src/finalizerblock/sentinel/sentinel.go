// Package sentinel holds deletion code whose helpers answer a missing // want package:`order\(Stack needs Program, Stack needs Secret; releases Stack\)`
// referenced object with an error value of their own (var errGone =
// errors.New(...); return errGone) instead of the API server's not-found.
// A caller that tests that value with errors.Is and lets the finalizer go
// there sees the object gone; a branch for another value is not taken
// when it is gone, and a helper whose other reads hand their not-found on
// as it is still strands the finalizer at the returns after the test.
package sentinel

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

	"finalizerblock/sentinel/source"
)

const finalizer = "example.com/stack"

var (
	errProgramMissing = errors.New("unable to retrieve program")
	errLocked         = errors.New("stack is locked")
)

type Stack struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec StackSpec
}

type StackSpec struct {
	Program           source.ProgramRef
	ProgramName       string
	CredentialsSecret string
}

func (in *Stack) DeepCopyObject() runtime.Object { return in }

type StackReconciler struct {
	client.Client
}

// Reconcile lets the finalizer go when the Program is gone: the only
// not-found the helper hands on is its own value.
func (r *StackReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Stack{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.destroy(ctx, s); err != nil {
		if errors.Is(err, errProgramMissing) {
			controllerutil.RemoveFinalizer(s, finalizer)
			return ctrl.Result{}, r.Update(ctx, s)
		}
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

// Retries keeps retrying on the value that says the Program is gone.
func (r *StackReconciler) Retries(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Stack{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.destroy(ctx, s); err != nil {
		if errors.Is(err, errLocked) {
			controllerutil.RemoveFinalizer(s, finalizer)
			return ctrl.Result{}, r.Update(ctx, s)
		}
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when a referenced Program that r.destroy reads is already deleted, this return keeps Stack from ever reaching the removal of finalizer "example.com/stack" while it is being deleted`
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

// Mixed lets the finalizer go for a missing Program, but the helper hands
// a missing Secret's not-found on as it is: the return after the test
// strands the finalizer.
func (r *StackReconciler) Mixed(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Stack{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.destroyWithCredentials(ctx, s); err != nil {
		if errors.Is(err, errProgramMissing) {
			controllerutil.RemoveFinalizer(s, finalizer)
			return ctrl.Result{}, r.Update(ctx, s)
		}
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when a referenced Secret that r.destroyWithCredentials reads is already deleted, this return keeps Stack from ever reaching the removal of finalizer "example.com/stack" while it is being deleted`
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

// Imported lets the finalizer go on another package's value for a
// missing Program, and waits on its value for one that does not render.
func (r *StackReconciler) Imported(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Stack{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if _, err := source.Fetch(ctx, r.Client, s.Namespace, s.Spec.Program); err != nil {
		switch {
		case errors.Is(err, source.ErrProgramGone):
			controllerutil.RemoveFinalizer(s, finalizer)
			return ctrl.Result{}, r.Update(ctx, s)
		case errors.Is(err, source.ErrRenderFailed):
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

// ImportedRetries waits on the value that says the Program is gone.
func (r *StackReconciler) ImportedRetries(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Stack{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if _, err := source.Fetch(ctx, r.Client, s.Namespace, s.Spec.Program); err != nil {
		if errors.Is(err, source.ErrRenderFailed) {
			controllerutil.RemoveFinalizer(s, finalizer)
			return ctrl.Result{}, r.Update(ctx, s)
		}
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `when a referenced Program that source.Fetch reads is already deleted, this return keeps Stack from ever reaching the removal of finalizer "example.com/stack" while it is being deleted`
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

// Negated retries every error but the value that says the Program is
// gone, wrapped by a helper of its own, and lets the finalizer go then.
func (r *StackReconciler) Negated(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Stack{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.destroyWrapped(ctx, s); err != nil && !errors.Is(err, errProgramMissing) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

// destroyWrapped hands destroy's error on, wrapped: errProgramMissing
// goes with it.
func (r *StackReconciler) destroyWrapped(ctx context.Context, s *Stack) error {
	if err := r.destroy(ctx, s); err != nil {
		return fmt.Errorf("destroying %s: %w", s.Name, err)
	}
	return nil
}

// destroy reads the Program the spec names; any failure is
// errProgramMissing.
func (r *StackReconciler) destroy(ctx context.Context, s *Stack) error {
	p := &source.Program{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: s.Namespace, Name: s.Spec.ProgramName}, p); err != nil {
		return errProgramMissing
	}
	if p.Body == "locked" {
		return errLocked
	}
	return nil
}

// destroyWithCredentials reads the Program as destroy does, then the
// credentials, whose error it wraps.
func (r *StackReconciler) destroyWithCredentials(ctx context.Context, s *Stack) error {
	if err := r.destroy(ctx, s); err != nil {
		return err
	}
	creds := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: s.Namespace, Name: s.Spec.CredentialsSecret}, creds); err != nil {
		return fmt.Errorf("reading credentials: %w", err)
	}
	return nil
}
