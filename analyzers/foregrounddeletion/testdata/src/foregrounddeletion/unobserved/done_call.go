package unobserved

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// ForceCleanup tests its helper's "done" result in the condition itself,
// but the helper reports done right after force-deleting the Pods.
type ForceCleanup struct {
	client.Client
}

func (r *ForceCleanup) purge(ctx context.Context, obj *corev1.ConfigMap) bool {
	pods := &podList{}
	if err := r.List(ctx, pods, client.InNamespace(obj.Namespace)); err != nil {
		return false
	}
	for i := range pods.Items {
		_ = r.Delete(ctx, &pods.Items[i], client.GracePeriodSeconds(0))
	}
	return true
}

func (r *ForceCleanup) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if !r.purge(ctx, obj) { // want `ConfigMap removes its finalizer "example.com/cleanup" after deleting the Pod without observing that the Pod is gone`
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}
