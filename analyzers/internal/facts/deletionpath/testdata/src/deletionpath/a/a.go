// Package a reproduces the layouts of deletion code in controllers: the
// CAPI "if !DeletionTimestamp.IsZero() { return reconcileDelete }" split,
// the kubebuilder "if IsZero { ...; return }" fallthrough, and helpers
// called from either side.
package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

func mark() {}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	mark() // want "may"
	if !obj.DeletionTimestamp.IsZero() {
		mark() // want "deleting"
		return r.reconcileDelete(ctx, obj)
	}
	mark()
	return r.reconcileNormal(ctx, obj)
}

func (r *R) reconcileDelete(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) { // want "deletion-only"
	r.cleanup(ctx)
	mark() // want "deleting"
	return ctrl.Result{}, nil
}

func (r *R) cleanup(ctx context.Context) { // want "deletion-only"
	mark() // want "deleting"
}

func (r *R) reconcileNormal(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) { // want "normal-only"
	r.shared()
	mark()
	return ctrl.Result{}, nil
}

func (r *R) shared() {
	mark() // want "may"
}

// Fallthrough reproduces kubebuilder's layout.
func (r *R) Fallthrough(obj *corev1.ConfigMap, cluster *clusterv1.Cluster) {
	r.shared()
	if obj.GetDeletionTimestamp().IsZero() {
		mark()
		return
	}
	mark() // want "deleting"
	if cluster.DeletionTimestamp.IsZero() {
		mark() // want "deleting"
	}
}

// OwnerTest tests the deletion of an owner read by a lookup: not deletion code.
func (r *R) OwnerTest(ctx context.Context, obj *corev1.ConfigMap) {
	cluster := &clusterv1.Cluster{}
	if err := r.Get(ctx, client.ObjectKey{Name: obj.Name}, cluster); err != nil {
		return
	}
	if !cluster.DeletionTimestamp.IsZero() {
		mark() // want "may"
	}
}

// Joined conditions: && and || stay inside one condition of the CFG.
func (r *R) Joined(obj *corev1.ConfigMap, force bool) {
	if obj.DeletionTimestamp.IsZero() && force {
		mark()
		return
	}
	mark() // want "may"
	if !obj.DeletionTimestamp.IsZero() || force {
		mark() // want "may"
		return
	}
	mark()
}
