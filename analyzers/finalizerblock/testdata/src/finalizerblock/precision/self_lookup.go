// Reproduces deletion code that looks up the object whose finalizer it removes: a re-Get of the reconciled object before the update, and a child whose own finalizer the parent strips; a not-found there means the object is already gone, which strands nothing.
package precision

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type SelfLookupReconciler struct {
	client.Client
}

func (r *SelfLookupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Member{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.release(ctx, m.Namespace, m.Name)
}

// release reads the latest version of the member before it drops the
// finalizer.
func (r *SelfLookupReconciler) release(ctx context.Context, ns, name string) error {
	latest := &Member{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, latest); err != nil {
		if apierrors.IsNotFound(err) {
			return nil // already gone
		}
		return err
	}
	controllerutil.RemoveFinalizer(latest, finalizerName)
	return r.Update(ctx, latest)
}

type ChildFinalizerReconciler struct {
	client.Client
}

func (r *ChildFinalizerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	parent := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, parent); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if parent.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	child := &Member{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: parent.Namespace, Name: parent.Data["member"]}, child); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	controllerutil.RemoveFinalizer(child, finalizerName)
	return ctrl.Result{}, r.Update(ctx, child)
}
