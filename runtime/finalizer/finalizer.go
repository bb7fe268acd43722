// Package finalizer adds and removes finalizers without clobbering concurrent
// changes, and runs a finalizer's cleanup so that a deletion never waits
// forever on a dependency that is already gone.
//
// [Add] and [Remove] send a merge patch that carries the resourceVersion it
// was computed from: a concurrent update makes the API server answer with a
// conflict instead of silently dropping the other writer's finalizer or
// change, and the helper then re-reads the object and tries again. Both are
// idempotent.
//
// [Runner] is the whole finalizer lifecycle in one call: add the finalizer
// while the object lives; once it is being deleted, run the cleanup, treat a
// missing dependency (a [deletion.DependencyNotFoundError] or a Kubernetes
// NotFound error) as already cleaned up, and remove the finalizer.
package finalizer

import (
	"context"
	"errors"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/deletionlint/deletionlint/runtime/deletion"
)

// Add adds finalizer name to obj in the API server, unless obj already has
// it. obj is updated with the server's response (on a conflict, with the
// object as re-read); on an error its finalizers are those last read, so
// calling Add again with obj retries the write. Adding to an object that is being deleted fails: the API
// server forbids new finalizers then.
//
//	if err := finalizer.Add(ctx, r.Client, obj, "example.com/cleanup"); err != nil {
//		return ctrl.Result{}, err
//	}
func Add(ctx context.Context, c client.Client, obj client.Object, name string) error {
	if err := patchFinalizers(ctx, c, obj, name, true); err != nil {
		return fmt.Errorf("add finalizer %s to %s: %w", name, keyOf(obj), err)
	}
	return nil
}

// Remove removes finalizer name from obj in the API server, if obj has it.
// obj is updated with the server's response; on an error its finalizers are
// those last read, so calling Remove again with obj retries the write. An object that is already gone
// is not an error: the finalizer is gone with it.
//
//	if err := finalizer.Remove(ctx, r.Client, obj, "example.com/cleanup"); err != nil {
//		return ctrl.Result{}, err
//	}
func Remove(ctx context.Context, c client.Client, obj client.Object, name string) error {
	err := patchFinalizers(ctx, c, obj, name, false)
	if apierrors.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("remove finalizer %s from %s: %w", name, keyOf(obj), err)
	}
	return nil
}

// conflictBackoff paces the retries after a conflict: generous enough for
// many writers of one object (a busy object sees a conflict per writer).
var conflictBackoff = wait.Backoff{Steps: 12, Duration: 10 * time.Millisecond, Factor: 2, Jitter: 0.5, Cap: time.Second}

// patchFinalizers adds (add) or removes finalizer name with an optimistically
// locked merge patch, re-reading obj and retrying on conflict.
func patchFinalizers(ctx context.Context, c client.Client, obj client.Object, name string, add bool) error {
	if obj == nil {
		return errors.New("nil object")
	}
	if name == "" {
		return errors.New("empty finalizer name")
	}
	key := client.ObjectKeyFromObject(obj)
	first := true
	return retry.RetryOnConflict(conflictBackoff, func() error {
		if !first {
			if err := c.Get(ctx, key, obj); err != nil {
				return err
			}
		}
		first = false
		if controllerutil.ContainsFinalizer(obj, name) == add {
			return nil
		}
		before, ok := obj.DeepCopyObject().(client.Object)
		if !ok {
			return fmt.Errorf("%T does not deep-copy to a client.Object", obj)
		}
		if add {
			controllerutil.AddFinalizer(obj, name)
		} else {
			controllerutil.RemoveFinalizer(obj, name)
		}
		err := c.Patch(ctx, obj, client.MergeFromWithOptions(before, client.MergeFromWithOptimisticLock{}))
		if err != nil {
			// The change did not happen: obj must not say it did, or a
			// caller that retries with obj sees the finalizer already
			// added (removed) and returns without a write.
			obj.SetFinalizers(before.GetFinalizers())
		}
		return err
	})
}

// Runner runs one finalizer's lifecycle for a reconciled object. Call its
// Reconcile from the reconciler after reading the object.
type Runner struct {
	// Client writes the finalizer.
	Client client.Client
	// Name is the finalizer, e.g. "example.com/cleanup".
	Name string
	// Cleanup releases what the object holds (external resources,
	// dependents) before the finalizer is removed. It is called only while
	// the object is being deleted and still has the finalizer, and must be
	// idempotent: it runs again if removing the finalizer fails. Returning an
	// error for which [deletion.IsDependencyNotFound] or apierrors.IsNotFound
	// holds means "already gone": the finalizer is removed. Returning
	// [Requeue] keeps the finalizer and asks to be called again later. Nil
	// means there is nothing to clean up.
	Cleanup func(ctx context.Context, obj client.Object) error
	// APIReader, when set, reads the object directly from the API server
	// (e.g. a manager's GetAPIReader()) before Cleanup runs, so that a
	// reconcile of a stale cached copy of an object whose finalizer was
	// already removed does not run Cleanup a second time. Optional.
	APIReader client.Reader
}

// Reconcile adds the finalizer to a live object, and for an object being
// deleted runs Cleanup and then removes the finalizer. A missing dependency
// reported by Cleanup counts as cleaned up. It returns the result the
// reconciler should return when the object is being deleted; for a live object
// it returns an empty result and the reconciler goes on.
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		var obj examplev1.Widget
//		if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
//			return ctrl.Result{}, client.IgnoreNotFound(err)
//		}
//		fin := finalizer.Runner{Client: r.Client, Name: "example.com/cleanup", Cleanup: r.deleteExternal}
//		if res, err := fin.Reconcile(ctx, &obj); err != nil || deletion.IsDeleting(&obj) {
//			return res, err
//		}
//		return r.reconcileLive(ctx, &obj)
//	}
func (r Runner) Reconcile(ctx context.Context, obj client.Object) (reconcile.Result, error) {
	if r.Client == nil {
		return reconcile.Result{}, errors.New("finalizer runner: nil Client")
	}
	if !deletion.IsDeleting(obj) {
		return reconcile.Result{}, Add(ctx, r.Client, obj, r.Name)
	}
	if !controllerutil.ContainsFinalizer(obj, r.Name) {
		return reconcile.Result{}, nil
	}
	if r.APIReader != nil {
		if err := r.APIReader.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
			if apierrors.IsNotFound(err) {
				return reconcile.Result{}, nil
			}
			return reconcile.Result{}, fmt.Errorf("finalizer %s: read %s: %w", r.Name, keyOf(obj), err)
		}
		if !controllerutil.ContainsFinalizer(obj, r.Name) {
			return reconcile.Result{}, nil
		}
	}
	if r.Cleanup != nil {
		if err := r.Cleanup(ctx, obj); err != nil {
			var wait *RequeueError
			switch {
			case errors.As(err, &wait):
				return reconcile.Result{RequeueAfter: max(wait.After, time.Second)}, nil
			case deletion.IsDependencyNotFound(err) || apierrors.IsNotFound(err):
				log.FromContext(ctx).Info("dependency already gone; releasing finalizer",
					"finalizer", r.Name, "object", keyOf(obj), "reason", err.Error())
			default:
				return reconcile.Result{}, fmt.Errorf("finalizer %s cleanup of %s: %w", r.Name, keyOf(obj), err)
			}
		}
	}
	return reconcile.Result{}, Remove(ctx, r.Client, obj, r.Name)
}

// RequeueError is returned by a [Runner]'s Cleanup (through [Requeue]) when
// cleanup has started but is not finished, e.g. dependents are still being
// deleted: the finalizer stays and the object is reconciled again After later.
type RequeueError struct {
	// After is how long to wait before the next attempt; at least a second
	// is used.
	After time.Duration
	// Reason says what the cleanup waits for.
	Reason string
}

// Error says what the cleanup waits for.
func (e *RequeueError) Error() string {
	return fmt.Sprintf("cleanup not finished, retrying in %s: %s", e.After, e.Reason)
}

// Requeue returns a [*RequeueError]: a Cleanup returns it to keep the
// finalizer and be called again after the given delay.
//
//	gone, err := cascade.DeleteAndWait(ctx, c, child, metav1.DeletePropagationForeground)
//	if err != nil {
//		return err
//	}
//	if !gone {
//		return finalizer.Requeue(2*time.Second, "waiting for child to be deleted")
//	}
//	return nil
func Requeue(after time.Duration, reason string) error {
	return &RequeueError{After: after, Reason: reason}
}

// keyOf names obj as namespace/name for messages.
func keyOf(obj client.Object) string {
	if obj == nil {
		return "<nil>"
	}
	return client.ObjectKeyFromObject(obj).String()
}
