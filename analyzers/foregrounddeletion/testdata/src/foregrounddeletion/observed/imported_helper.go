// Reproduces reconcilers whose deletion calls helpers of another package
// that delete, and that see the dependents gone before the finalizer goes.
package observed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/cleanup"
	"foregrounddeletion/storage"
)

type ImportedWaitReconciler struct {
	client.Client
}

// The helper reads the Volume back and says whether it is gone.
func (r *ImportedWaitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		gone, err := cleanup.VolumeGone(ctx, r.Client, obj.Namespace, obj.Name)
		if err != nil {
			return ctrl.Result{}, err
		}
		if !gone {
			return ctrl.Result{Requeue: true}, nil
		}
		controllerutil.RemoveFinalizer(obj, "example.com/cleanup")
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

type ImportedReadBackReconciler struct {
	client.Client
}

// The reconciler reads the Volume back itself after the helper's Delete.
func (r *ImportedReadBackReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		if err := cleanup.DeleteVolume(ctx, r.Client, obj.Namespace, obj.Name); err != nil {
			return ctrl.Result{}, err
		}
		vol := &storage.Volume{}
		if err := r.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: obj.Name}, vol); err == nil {
			return ctrl.Result{Requeue: true}, nil
		}
		controllerutil.RemoveFinalizer(obj, "example.com/cleanup")
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

type ImportedSettingsReconciler struct {
	client.Client
}

// A ConfigMap has no finalizer of its own and the helper's error is
// returned: a Delete that succeeds leaves nothing behind.
func (r *ImportedSettingsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &storage.Volume{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		if err := cleanup.DeleteSettings(ctx, r.Client, obj.Namespace, obj.Name); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(obj, "example.com/cleanup")
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

type ImportedSelfReconciler struct {
	client.Client
}

// Deleting objects of the reconciled kind itself is no dependent's
// deletion.
func (r *ImportedSelfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &storage.Volume{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		if err := cleanup.DeleteVolume(ctx, r.Client, obj.Namespace, obj.Name+"-replica"); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(obj, "example.com/cleanup")
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}
