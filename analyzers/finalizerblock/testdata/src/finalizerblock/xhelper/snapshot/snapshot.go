// Package snapshot reconciles Snapshots, whose deletion reads what they // want package:`order\(Snapshot needs Secret; releases Snapshot\)`
// refer to through the helpers of another package.
package snapshot

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/xhelper/lookups"
)

const finalizer = "example.com/snapshot"

// Snapshot keeps its data in a store whose credentials a Secret holds.
type Snapshot struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec SnapshotSpec
}

// SnapshotSpec refers to the credentials Secret.
type SnapshotSpec struct {
	SecretRef corev1.SecretReference
}

func (in *Snapshot) DeepCopyObject() runtime.Object { return in }

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &Snapshot{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	switch {
	case s.DeletionTimestamp != nil:
		return r.delete(ctx, s)
	default:
		if controllerutil.AddFinalizer(s, finalizer) {
			return ctrl.Result{}, r.Update(ctx, s)
		}
		return ctrl.Result{}, nil
	}
}

// delete runs only while the Snapshot is being deleted.
func (r *Reconciler) delete(ctx context.Context, s *Snapshot) (ctrl.Result, error) {
	if err := lookups.Refresh(ctx, r.Client, s); err != nil {
		return ctrl.Result{}, err // a re-read of the Snapshot itself
	}
	if _, err := lookups.OptionalSecret(ctx, r.Client, &s.Spec.SecretRef); err != nil {
		return ctrl.Result{}, err // a missing Secret is no error
	}
	secret, err := lookups.SecretByRef(ctx, r.Client, &s.Spec.SecretRef)
	if err != nil {
		return ctrl.Result{}, err // want `when a referenced Secret that lookups.SecretByRef reads is already deleted, this return keeps Snapshot from ever reaching the removal of its finalizer while it is being deleted`
	}
	if err := lookups.DropFinalizer(ctx, r.Client, finalizer, secret); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, lookups.DropFinalizer(ctx, r.Client, finalizer, s)
}
