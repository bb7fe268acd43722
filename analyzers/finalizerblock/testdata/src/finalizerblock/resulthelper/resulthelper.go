// Package resulthelper reproduces reconcilers that end a pass through a // want package:`order\(Backup needs Secret; releases Backup\)`
// helper that returns the reconcile result. A helper that hands back an
// error (its own, or another package's result it cannot see into) retries
// the pass; one that returns an empty result and no error drops it.
package resulthelper

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/resulthelper/outcome"
)

const fin = "backup.example.com/cleanup"

type Backup struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec BackupSpec
}

type BackupSpec struct {
	CredentialsSecret string
}

func (in *Backup) DeepCopyObject() runtime.Object { return in }

type BackupReconciler struct{ client.Client }

// credentials reads the Secret the spec names.
func (r *BackupReconciler) credentials(ctx context.Context, b *Backup) ([]byte, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: b.Namespace, Name: b.Spec.CredentialsSecret}, s); err != nil {
		return nil, fmt.Errorf("credentials: %w", err)
	}
	return s.Data["key"], nil
}

// fail retries: its result is another package's, computed from the error.
func (r *BackupReconciler) fail(err error) (ctrl.Result, error) {
	return outcome.Failed(err).Result()
}

// stop ends the pass and asks for nothing.
func (r *BackupReconciler) stop() (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// giveUp ends the pass through stop.
func (r *BackupReconciler) giveUp(err error) (ctrl.Result, error) {
	_ = err
	return r.stop()
}

func (r *BackupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &Backup{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	key, err := r.credentials(ctx, b)
	if err != nil {
		if b.Annotations["mode"] == "lenient" {
			return r.giveUp(err) // want `this return drops the error without requeueing`
		}
		return r.fail(err) // want `^when a referenced Secret that r.credentials reads is already deleted, this return keeps Backup from ever reaching the removal of finalizer "backup.example.com/cleanup" while it is being deleted`
	}
	_ = key
	if !b.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(b, fin)
		return ctrl.Result{}, r.Update(ctx, b)
	}
	return ctrl.Result{}, nil
}
