// Reproduces a kubebuilder controller that resolves its spec's reference through a helper before the deletion branch and hands the client's not-found on: the message speaks of the referenced Secret and not-found, in the code's words, never of Config Connector's dependency-not-found errors or adapters.
package vocabulary

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const backupFinalizer = "backup.example.com/cleanup"

type Backup struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec BackupSpec
}

type BackupSpec struct {
	StorageSecretName string
}

func (in *Backup) DeepCopyObject() runtime.Object { return in }

type BackupReconciler struct {
	client.Client
}

func (r *BackupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &Backup{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	creds, err := r.storageCredentials(ctx, b)
	if err != nil {
		return ctrl.Result{}, err // want `^when a referenced Secret that r.storageCredentials reads is already deleted, this return keeps Backup from ever reaching the removal of finalizer "backup.example.com/cleanup" while it is being deleted: if the deletion needs what the Secret holds \(credentials to clean up outside the cluster\), keep the Secret until then with a finalizer that this deletion removes last \(a namespace deletion deletes both in any order\); otherwise treat not-found as gone while deleting( \(finalizer.Runner does\))?$`
	}
	_ = creds
	if !b.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(b, backupFinalizer)
		return ctrl.Result{}, r.Update(ctx, b)
	}
	return ctrl.Result{}, nil
}

func (r *BackupReconciler) storageCredentials(ctx context.Context, b *Backup) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: b.Namespace, Name: b.Spec.StorageSecretName}, s); err != nil {
		return nil, err
	}
	return s, nil
}
