// Reproduces an operator whose reconcile steps return its own status type (a pointer, nil when done, built by methods of another package) that Reconcile turns into a ctrl.Result: a step that waits for a dependency the lookup found missing before the deletion branch never lets the object reach its finalizer removal; a step that treats the missing dependency as gone goes on to it.
package ownstatus

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/ownstatus/status"
)

const tunnelFinalizer = "example.com/tunnel"

// WaitingReconciler waits for the Secret its ConfigMap names, also while the
// ConfigMap is being deleted.
type WaitingReconciler struct {
	client.Client
}

func (r *WaitingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.step(ctx, cm).Result()
}

func (r *WaitingReconciler) step(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	key := client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["peer"]}
	peer := &corev1.Secret{}
	if err := r.Get(ctx, key, peer); err != nil {
		if apierrors.IsNotFound(err) {
			return status.Done().WaitingFor("Secret", key.Name) // want `when the Secret named by cm.Data\["peer"\] is already deleted, this return keeps ConfigMap from ever reaching the removal of finalizer "example.com/tunnel"`
		}
		return status.Failed(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return status.Failed(r.Update(ctx, cm))
	}
	return status.Done()
}

// GoneReconciler treats a missing Secret as gone: the deletion goes on to
// the finalizer removal.
type GoneReconciler struct {
	client.Client
}

func (r *GoneReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.step(ctx, cm).Result()
}

func (r *GoneReconciler) step(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	key := client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["peer"]}
	peer := &corev1.Secret{}
	err := r.Get(ctx, key, peer)
	switch {
	case apierrors.IsNotFound(err):
		peer = nil // nothing left to detach from
	case err != nil:
		return status.Failed(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		if peer != nil {
			delete(peer.Data, cm.Name)
			if err := r.Update(ctx, peer); err != nil {
				return status.Failed(err)
			}
		}
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return status.Failed(r.Update(ctx, cm))
	}
	return status.Done()
}

// DroppingReconciler ends the reconcile on any error of the lookup with
// the status that means "done": once the Secret is gone nothing brings
// the ConfigMap back to its finalizer removal.
type DroppingReconciler struct {
	client.Client
}

func (r *DroppingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.step(ctx, cm).Result()
}

func (r *DroppingReconciler) step(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	var st status.Status
	peer := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["peer"]}, peer); err != nil {
		return st // want `when the Secret named by cm.Data\["peer"\] is already deleted, its lookup fails with not-found and this return drops the error without requeueing: ConfigMap is reconciled again only when another event comes, its lookup fails again`
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return st.WithError(r.Update(ctx, cm))
	}
	return st
}

// RetryingReconciler hands any error of the lookup on in its status: a
// retry of what may be transient, not an end.
type RetryingReconciler struct {
	client.Client
}

func (r *RetryingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.step(ctx, cm).Result()
}

func (r *RetryingReconciler) step(ctx context.Context, cm *corev1.ConfigMap) status.Status {
	var st status.Status
	peer := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["peer"]}, peer); err != nil {
		return st.WithError(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return st.WithError(r.Update(ctx, cm))
	}
	return st
}

// summary is what a step reports for the logs: nothing turns it into a
// ctrl.Result, so a value of it asks for nothing.
type summary struct {
	reason string
}

// SummaryReconciler ends the reconcile on any error of the lookup with a
// summary and no error: the summary is no retry, the error is dropped.
type SummaryReconciler struct {
	client.Client
}

func (r *SummaryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s, err := r.step(ctx, cm)
	if s.reason != "" {
		ctrl.LoggerFrom(ctx).Info(s.reason)
	}
	return ctrl.Result{}, err
}

func (r *SummaryReconciler) step(ctx context.Context, cm *corev1.ConfigMap) (summary, error) {
	peer := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["peer"]}, peer); err != nil {
		return summary{reason: "no peer yet"}, nil // want `when the Secret named by cm.Data\["peer"\] is already deleted, its lookup fails with not-found and this return drops the error without requeueing`
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, tunnelFinalizer)
		return summary{}, r.Update(ctx, cm)
	}
	return summary{reason: "synced"}, nil
}
