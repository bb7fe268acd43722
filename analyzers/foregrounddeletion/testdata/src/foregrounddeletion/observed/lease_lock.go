// Reproduces a deletion that ranges over the object's finalizers and
// releases a lock through a helper of another package that deletes a Lease
// and returns its failure wrapped; the reconciler's own helper takes a
// missing Lease, or one held by another, as done and hands on every other
// error, and the loop keeps the finalizer whose release failed in the list
// it writes back: a failed Delete keeps the finalizer, so it is observed.
package observed

import (
	"context"
	"errors"
	"fmt"
	"log"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"foregrounddeletion/cleanup"
)

const releaseLockFinalizer = "example.com/release-lock"

type LeaseLockReconciler struct {
	client.Client
}

func (r *LeaseLockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	var keep []string
	for _, f := range obj.GetFinalizers() {
		switch f {
		case releaseLockFinalizer:
			if err := r.releaseLock(ctx, obj); err != nil {
				keep = append(keep, f)
			}
		default:
			keep = append(keep, f)
		}
	}
	obj.SetFinalizers(keep)
	return ctrl.Result{}, r.Update(ctx, obj)
}

func (r *LeaseLockReconciler) releaseLock(ctx context.Context, obj *corev1.ConfigMap) error {
	err := cleanup.ReleaseLease(ctx, r.Client, obj.Namespace, obj.Data["lock"], string(obj.UID))
	if apierrors.IsNotFound(err) || errors.Is(err, cleanup.ErrNotHolder) {
		return nil
	}
	return fmt.Errorf("release lock: %w", err)
}

// LeaseDropReconciler's helper logs every failure but a lock held by
// another, and goes on: a failed Delete goes unnoticed.
type LeaseDropReconciler struct {
	client.Client
}

func (r *LeaseDropReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	var keep []string
	for _, f := range obj.GetFinalizers() {
		switch f {
		case releaseLockFinalizer:
			if err := r.releaseLock(ctx, obj); err != nil { // want `ConfigMap removes its finalizer after deleting the Lease without observing that the Lease is gone: a deletion that fails goes unnoticed`
				keep = append(keep, f)
			}
		default:
			keep = append(keep, f)
		}
	}
	obj.SetFinalizers(keep)
	return ctrl.Result{}, r.Update(ctx, obj)
}

func (r *LeaseDropReconciler) releaseLock(ctx context.Context, obj *corev1.ConfigMap) error {
	if err := cleanup.ReleaseLease(ctx, r.Client, obj.Namespace, obj.Data["lock"], string(obj.UID)); err != nil && !errors.Is(err, cleanup.ErrNotHolder) {
		log.Printf("releasing lock: %v", err)
	}
	return nil
}
