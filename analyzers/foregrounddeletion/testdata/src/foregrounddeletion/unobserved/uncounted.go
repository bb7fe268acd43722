package unobserved

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// yard holds what was read for an object at the start of a pass: its Pods
// and its Services, both deleted with it.
type yard struct {
	pods     []client.Object
	services []client.Object
}

// owned returns everything to delete, from both collections.
func (y *yard) owned() []client.Object {
	out := append([]client.Object{}, y.pods...)
	return append(out, y.services...)
}

// left counts the Pods still there; the Services were forgotten.
func (y *yard) left() int { return len(y.pods) }

// all counts both collections, through another method for the Services.
func (y *yard) all() int { return len(y.pods) + y.serviceCount() }

func (y *yard) serviceCount() int { return len(y.services) }

type YardReconciler struct {
	client.Client
}

// clear deletes what the yard owns and requeues while its count says any
// is left; the count leaves out the Services, so once the Pods are gone the
// finalizer goes while a Service's deletion may still be held.
func (r *YardReconciler) clear(ctx context.Context, obj *corev1.ConfigMap, y *yard) (ctrl.Result, error) {
	children := y.owned()
	for _, child := range children {
		if err := r.Delete(ctx, child); client.IgnoreNotFound(err) != nil { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting`
			return ctrl.Result{}, err
		}
	}
	if n := y.left(); n > 0 {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// clearAll is clear with a count of both collections: a wait.
func (r *YardReconciler) clearAll(ctx context.Context, obj *corev1.ConfigMap, y *yard) (ctrl.Result, error) {
	children := y.owned()
	for _, child := range children {
		if err := r.Delete(ctx, child); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	if n := y.all(); n > 0 {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}

func (r *YardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	y := &yard{}
	if obj.Labels["all"] == "true" {
		return r.clearAll(ctx, obj, y)
	}
	return r.clear(ctx, obj, y)
}
