// Reproduces a deletion that waits for its Pods through a helper whose
// "done" is true only when its List comes back empty, and releases its
// finalizer in a closure handed to a generic patch helper.
package observed

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Pool deletes its Pods: the finished ones directly, the busy ones through
// a per-Pod helper (whose own bool it discards) after a check that may
// stop early; every path that deleted returns false, and Reconcile
// requeues until done.
type Pool struct {
	client.Client
}

type patchable[T any] interface {
	client.Object
	*T
}

func patchObj[T any, P patchable[T]](ctx context.Context, c client.Client, obj P, update func(P)) error {
	orig := obj.DeepCopyObject().(P)
	update(obj)
	return c.Patch(ctx, obj, client.MergeFrom(orig))
}

func (r *Pool) drain(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	pods := &podList{}
	if err := r.List(ctx, pods, client.InNamespace(obj.Namespace)); err != nil {
		return false, err
	}
	if len(pods.Items) == 0 {
		return true, nil
	}
	var errs []error
	for i := range pods.Items {
		if pods.Items[i].Name == "busy" {
			continue
		}
		if err := r.Delete(ctx, &pods.Items[i]); client.IgnoreNotFound(err) != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return false, errors.Join(errs...)
	}
	if obj.Name == "" {
		return false, nil
	}
	for i := range pods.Items {
		if _, err := r.evict(ctx, &pods.Items[i]); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return false, errors.Join(errs...)
	}
	return false, nil
}

func (r *Pool) evict(ctx context.Context, p *corev1.Pod) (bool, error) {
	if err := r.Delete(ctx, p); client.IgnoreNotFound(err) != nil {
		return false, err
	}
	return true, nil
}

func (r *Pool) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	done, err := r.drain(ctx, obj)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !done {
		return ctrl.Result{}, nil
	}
	if err := patchObj(ctx, r.Client, obj, func(o *corev1.ConfigMap) {
		controllerutil.RemoveFinalizer(o, finalizerName)
	}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
