// Controllers that release their finalizers by writing back the list of // want package:`order\(DockerCluster needs Secret; releases DockerCluster\)`
// those to keep: a loop over the object's finalizers runs each one's
// cleanup and keeps the finalizer whose cleanup failed. When the cleanup
// reads a Secret that is already deleted, its not-found keeps the
// finalizer on every pass: reported at the append that keeps it. A cleanup
// that takes not-found as done, and the appends of the finalizers a loop
// does not handle (reached whether or not the Secret was found), are not.
package writeback

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

const purgeFinalizer = "example.com/purge-volumes"

type PurgeReconciler struct {
	client.Client
}

func (r *PurgeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() == nil {
		controllerutil.AddFinalizer(obj, purgeFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	return ctrl.Result{}, r.release(ctx, obj)
}

// release runs the cleanup of each finalizer it knows and writes back
// those whose cleanup failed, with the others.
func (r *PurgeReconciler) release(ctx context.Context, obj *api.DockerCluster) error {
	var keep []string
	for _, f := range obj.GetFinalizers() {
		switch f {
		case purgeFinalizer:
			if err := r.purge(ctx, obj); err != nil {
				keep = append(keep, f) // want `when the Secret that r.purge reads is already deleted, this append keeps finalizer "example.com/purge-volumes" in the list that obj.SetFinalizers writes back: DockerCluster keeps it on every pass while it is being deleted: if the deletion needs what the Secret holds`
			}
		default:
			keep = append(keep, f)
		}
	}
	obj.SetFinalizers(keep)
	return r.Update(ctx, obj)
}

// purge deletes the volumes of obj with the credentials of its Secret.
func (r *PurgeReconciler) purge(ctx context.Context, obj *api.DockerCluster) error {
	secret := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: obj.Namespace, Name: obj.Name + "-credentials"}, secret); err != nil {
		return fmt.Errorf("reading credentials: %w", err)
	}
	return nil
}

type TolerantReconciler struct {
	client.Client
}

func (r *TolerantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() == nil {
		controllerutil.AddFinalizer(obj, purgeFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	var keep []string
	for _, f := range obj.GetFinalizers() {
		if f != purgeFinalizer {
			keep = append(keep, f)
			continue
		}
		if err := r.purge(ctx, obj); err != nil {
			keep = append(keep, f)
		}
	}
	obj.SetFinalizers(keep)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// purge takes a Secret that is gone as nothing left to clean up.
func (r *TolerantReconciler) purge(ctx context.Context, obj *api.DockerCluster) error {
	secret := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: obj.Namespace, Name: obj.Name + "-credentials"}, secret); err != nil {
		return client.IgnoreNotFound(err)
	}
	return nil
}

// SweepReconciler takes a missing Secret as nothing left to purge, then
// writes back every finalizer but its own.
type SweepReconciler struct {
	PurgeReconciler
}

func (r *SweepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() == nil {
		controllerutil.AddFinalizer(obj, purgeFinalizer)
		return ctrl.Result{}, r.Update(ctx, obj)
	}
	if err := r.purge(ctx, obj); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
	}
	keep := []string{}
	keep = append(keep, others(obj.GetFinalizers())...)
	obj.SetFinalizers(keep)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// others returns the finalizers in fins but the purge's.
func others(fins []string) []string {
	var out []string
	for _, f := range fins {
		if f != purgeFinalizer {
			out = append(out, f)
		}
	}
	return out
}
