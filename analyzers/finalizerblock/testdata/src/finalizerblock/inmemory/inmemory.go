// Controllers that remove their finalizer from an object in memory and // want package:`order\(releases Tunnel\)`
// never write that object back: a fresh copy read for the removal while
// the cached object is what gets updated, a copy written back only through
// its status, a copy dropped. The API server keeps the finalizer, and the
// object is never deleted. Removals from an object that is written back,
// handed to a helper that writes it, patched by a deferred call, returned,
// or received from the caller are not reported.
package inmemory

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const tunnelFinalizer = "example.com/tunnel"

// Tunnel is the reconciled kind.
type Tunnel struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (t *Tunnel) DeepCopyObject() runtime.Object { return t.DeepCopy() }

func (t *Tunnel) DeepCopy() *Tunnel {
	out := *t
	return &out
}

// retry runs fn until it does not fail, as client-go's RetryOnConflict.
func retry(fn func() error) error { return fn() }

type CopyReconciler struct{ client.Client }

// Reconcile reads a fresh copy to remove the finalizer from, but updates
// the cached object it started with.
func (r *CopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	tun := &Tunnel{}
	if err := r.Get(ctx, req.NamespacedName, tun); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if tun.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := retry(func() error {
		latest := &Tunnel{}
		if err := r.Get(ctx, req.NamespacedName, latest); err != nil {
			return err
		}
		controllerutil.RemoveFinalizer(latest, tunnelFinalizer) // want `controllerutil.RemoveFinalizer removes finalizer "example.com/tunnel" from latest in memory only: nothing writes latest back \(r.Update writes tun, which still holds it\), so the Tunnel keeps the finalizer and is never deleted; write back the object the finalizer was removed from \(latest\), or remove it from tun`
		return r.Update(ctx, tun)
	})
	return ctrl.Result{}, err
}

type StatusReconciler struct{ client.Client }

// release writes the copy back through its status only.
func (r *StatusReconciler) release(ctx context.Context, tun *Tunnel) error {
	cp := tun.DeepCopy()
	controllerutil.RemoveFinalizer(cp, tunnelFinalizer) // want `controllerutil.RemoveFinalizer removes finalizer "example.com/tunnel" from cp in memory only: cp is written back only through its status, which drops changes to metadata, so the Tunnel keeps the finalizer and is never deleted; write cp back with Update or Patch after the removal`
	return r.Status().Update(ctx, cp)
}

type WrittenReconciler struct{ client.Client }

// Reconcile removes the finalizer from the copy it writes back.
func (r *WrittenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := retry(func() error {
		latest := &Tunnel{}
		if err := r.Get(ctx, req.NamespacedName, latest); err != nil {
			return client.IgnoreNotFound(err)
		}
		if latest.DeletionTimestamp.IsZero() {
			return nil
		}
		controllerutil.RemoveFinalizer(latest, tunnelFinalizer)
		return r.Update(ctx, latest)
	})
	return ctrl.Result{}, err
}

// patchRelease removes the finalizer from a copy a deferred patch writes.
func (r *WrittenReconciler) patchRelease(ctx context.Context, key client.ObjectKey) (err error) {
	var tun Tunnel
	if err := r.Get(ctx, key, &tun); err != nil {
		return err
	}
	base := tun.DeepCopy()
	defer func() {
		err = r.Patch(ctx, &tun, client.MergeFrom(base))
	}()
	controllerutil.RemoveFinalizer(&tun, tunnelFinalizer)
	return nil
}

// helperRelease hands the copy to a helper that writes it.
func (r *WrittenReconciler) helperRelease(ctx context.Context, tun *Tunnel) error {
	cp := tun.DeepCopy()
	controllerutil.RemoveFinalizer(cp, tunnelFinalizer)
	return r.save(ctx, cp)
}

func (r *WrittenReconciler) save(ctx context.Context, tun *Tunnel) error {
	return r.Update(ctx, tun)
}

// without returns a copy without the finalizer: its caller writes it.
func without(tun *Tunnel) *Tunnel {
	cp := tun.DeepCopy()
	controllerutil.RemoveFinalizer(cp, tunnelFinalizer)
	return cp
}

// strip removes the finalizer from the object its caller holds and writes.
func strip(tun *Tunnel) {
	controllerutil.RemoveFinalizer(tun, tunnelFinalizer)
}

// aliasRelease removes the finalizer through a second name for the object
// it writes.
func (r *WrittenReconciler) aliasRelease(ctx context.Context, tun *Tunnel) error {
	same := tun
	controllerutil.RemoveFinalizer(same, tunnelFinalizer)
	return r.Update(ctx, tun)
}

type AssignStatusReconciler struct{ client.Client }

// release clears the copy's finalizers by assignment and writes the copy
// back through its status only.
func (r *AssignStatusReconciler) release(ctx context.Context, tun *Tunnel) error {
	cp := tun.DeepCopy()
	cp.Finalizers = nil // want `the assignment to cp.Finalizers removes its finalizer from cp in memory only: cp is written back only through its status`
	return r.Status().Update(ctx, cp)
}

// releaseWritten clears them the same way and updates the copy.
func (r *AssignStatusReconciler) releaseWritten(ctx context.Context, tun *Tunnel) error {
	cp := tun.DeepCopy()
	cp.Finalizers = nil
	return r.Update(ctx, cp)
}
