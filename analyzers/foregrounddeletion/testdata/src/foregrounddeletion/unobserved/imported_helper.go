// Reproduces reconcilers whose deletion calls a helper of another package
// that deletes a dependent without seeing it gone, then removes the
// finalizer: the helper's call is the Delete.
package unobserved

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/cleanup"
	"foregrounddeletion/storage"
)

type ImportedHelperReconciler struct {
	client.Client
}

func (r *ImportedHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		if err := cleanup.DeleteVolume(ctx, r.Client, obj.Namespace, obj.Name); err != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Volume without observing that the Volume is gone: a deletion blocked by the Volume's own finalizers goes unnoticed`
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(obj, finalizerName)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

type ImportedQuietReconciler struct {
	client.Client
}

// The helper logs the Delete's error: a failure goes unnoticed too.
func (r *ImportedQuietReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		cleanup.DeleteVolumeQuietly(ctx, r.Client, obj.Namespace, obj.Name) // want `after deleting the Volume without observing that the Volume is gone: a deletion that fails or is blocked by the Volume's own finalizers goes unnoticed and leaks`
		controllerutil.RemoveFinalizer(obj, finalizerName)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

type ImportedSelectedReconciler struct {
	client.Client
}

func (r *ImportedSelectedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		if err := cleanup.DeleteVolumes(ctx, r.Client, obj.Namespace, map[string]string{"app": obj.Name}); err != nil { // want `after deleting the Volume objects it selects without observing that they are gone`
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(obj, finalizerName)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}

type ImportedGenericReconciler struct {
	client.Client
}

// A generic helper deletes what it is handed: judged by the argument.
func (r *ImportedGenericReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		var vols storage.VolumeList
		if err := r.List(ctx, &vols, client.InNamespace(obj.Namespace)); err != nil {
			return ctrl.Result{}, err
		}
		var owned []*storage.Volume
		for i := range vols.Items {
			owned = append(owned, &vols.Items[i])
		}
		if err := cleanup.DeleteEach(ctx, r.Client, owned); err != nil { // want `after deleting the Volume without observing that the Volume is gone`
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(obj, finalizerName)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, nil
}
