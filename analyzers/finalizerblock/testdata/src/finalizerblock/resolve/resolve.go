// Reproduces a reconciler that resolves a spec reference before the // want package:`order\(releases ConfigMap\)`
// deletion branch and returns the resolver's dependency-not-found error
// (Config Connector's reference resolution, with the runtime's error).
package resolve

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/deletionlint/deletionlint/runtime/deletion"
)

const finalizerName = "example.com/cleanup"

type Reconciler struct {
	client.Client
}

func (r *Reconciler) resolveNetwork(ctx context.Context, cm *corev1.ConfigMap) (string, error) {
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["network"]}, secret); err != nil {
		return "", deletion.NewDependencyNotFound("Secret", cm.Namespace, cm.Data["network"], err)
	}
	return secret.Name, nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	network, err := r.resolveNetwork(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err // want `when a dependency that r.resolveNetwork resolves is already deleted, this return keeps ConfigMap from ever reaching the removal of finalizer "example.com/cleanup" while it is being deleted: treat a dependency-not-found error \(deletion.NewDependencyNotFound\) as gone`
	}
	_ = network
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, finalizerName)
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	return ctrl.Result{}, nil
}

// GoodReconciler resolves the reference only when not deleting.
type GoodReconciler struct {
	Reconciler
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, finalizerName)
		return ctrl.Result{}, r.Update(ctx, cm)
	}
	if _, err := r.resolveNetwork(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
