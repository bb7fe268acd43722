package observed

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Bundle deletes what it deployed through a closure whose own results
// say whether each part is still present, then force-deletes the Pods left
// after a grace period; its "done" result is true only when a List shows no
// Pod left, so the finalizer waits for them.
type Bundle struct {
	client.Client
	parts []string
}

func (r *Bundle) cleanup(ctx context.Context, obj *corev1.ConfigMap, expired bool) bool {
	deletePart := func(name string) bool {
		if name == "" {
			return false // nothing deployed
		}
		cm := &corev1.ConfigMap{}
		cm.Namespace, cm.Name = obj.Namespace, name
		if err := r.Delete(ctx, cm); err != nil {
			return !apierrorsNotFound(err)
		}
		return true // still terminating
	}
	remaining := false
	for _, p := range r.parts {
		remaining = deletePart(p) || remaining
	}
	if remaining && !expired {
		return false
	}
	pods := &podList{}
	_ = r.List(ctx, pods, client.InNamespace(obj.Namespace), client.MatchingLabels{"bundle": obj.Name})
	if !remaining && len(pods.Items) == 0 {
		return true
	}
	if expired {
		for i := range pods.Items {
			if err := r.Delete(ctx, &pods.Items[i], client.GracePeriodSeconds(0)); err != nil {
				continue
			}
		}
	}
	return false
}

func (r *Bundle) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, nil
	}
	if !obj.DeletionTimestamp.IsZero() {
		if controllerutil.ContainsFinalizer(obj, finalizerName) {
			if obj.Labels["deployed"] == "true" {
				if !r.cleanup(ctx, obj, obj.Labels["expired"] == "true") {
					return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
				}
				obj.Labels["deployed"] = "false"
			}
			if controllerutil.RemoveFinalizer(obj, finalizerName) {
				if err := r.Update(ctx, obj); err != nil {
					return ctrl.Result{}, err
				}
			}
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func apierrorsNotFound(err error) bool { return err == nil }
