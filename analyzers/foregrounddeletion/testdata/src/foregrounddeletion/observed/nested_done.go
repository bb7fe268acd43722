// Reproduces a deletion that waits for its volumes and Pods through nested helpers: an outer helper chains two helpers that each return "done" only when their List comes back empty and hands on the second one's result; the Pods' helper deletes through a per-object helper whose bool it discards.
package observed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/storage"
)

// Fleet deletes its volumes and then its Pods through helpers that each
// return "done" only when their List comes back empty; an outer helper
// chains them and hands on the second one's result, and the Pods' helper
// deletes each Pod through a per-object helper whose own bool (deleted) it
// discards. Reconcile requeues until the outer helper is done.
type Fleet struct {
	client.Client
}

func (r *Fleet) cleanupAll(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	done, err := r.cleanupClaims(ctx, obj)
	if err != nil || !done {
		return false, err
	}
	done, err = r.cleanupPods(ctx, obj)
	return done, err
}

func (r *Fleet) cleanupClaims(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	claims := &storage.VolumeList{}
	if err := r.List(ctx, claims, client.InNamespace(obj.Namespace), client.MatchingLabels{"fleet": obj.Name}); err != nil {
		return false, err
	}
	if len(claims.Items) == 0 {
		return true, nil
	}
	for i := range claims.Items {
		if err := r.Delete(ctx, &claims.Items[i]); client.IgnoreNotFound(err) != nil {
			return false, err
		}
	}
	return false, nil
}

func (r *Fleet) cleanupPods(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	pods := &podList{}
	if err := r.List(ctx, pods, client.InNamespace(obj.Namespace), client.MatchingLabels{"fleet": obj.Name}); err != nil {
		return false, err
	}
	if len(pods.Items) == 0 {
		return true, nil
	}
	for i := range pods.Items {
		if _, err := r.deletePod(ctx, &pods.Items[i]); err != nil {
			return false, err
		}
	}
	return false, nil
}

func (r *Fleet) deletePod(ctx context.Context, p *corev1.Pod) (bool, error) {
	if err := r.Delete(ctx, p); err != nil {
		return false, client.IgnoreNotFound(err)
	}
	return true, nil
}

func (r *Fleet) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	done, err := r.cleanupAll(ctx, obj)
	if err != nil || !done {
		return ctrl.Result{Requeue: true}, err
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}
