// Reproduces an operator whose reconcile steps return its own result type, converted to a ctrl.Result at the end: a dependency's not-found before the deletion branch stops and retries forever, like a requeue, and is reported; an error of the same lookup returned as "stop and retry" is a retry of what may be transient, and is not reported as dropped. // want package:`order\(ConfigMap needs Secret; releases ConfigMap\)`
package ownresult

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizerName = "example.com/cleanup"

// result is the operator's workflow result.
type result struct {
	stop         bool
	requeueAfter time.Duration
	err          error
}

func (r result) toCtrl() (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: r.requeueAfter}, r.err
}

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.reconcile(ctx, cm).toCtrl()
}

func (r *Reconciler) reconcile(ctx context.Context, cm *corev1.ConfigMap) result {
	secret := &corev1.Secret{}
	err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["secret"]}, secret)
	if apierrors.IsNotFound(err) {
		return result{stop: true, requeueAfter: time.Minute} // want `when the Secret named by cm.Data\["secret"\] is already deleted, this return keeps ConfigMap from ever reaching the removal of finalizer "example.com/cleanup"`
	}
	if err != nil {
		return result{stop: true, err: err}
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, finalizerName)
		return result{err: r.Update(ctx, cm)}
	}
	return result{}
}

type TransientReconciler struct {
	client.Client
}

func (r *TransientReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.reconcile(ctx, cm).toCtrl()
}

func (r *TransientReconciler) reconcile(ctx context.Context, cm *corev1.ConfigMap) result {
	secret := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["secret"]}, secret); err != nil {
		return result{stop: true, requeueAfter: time.Minute}
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(cm, finalizerName)
		return result{err: r.Update(ctx, cm)}
	}
	return result{}
}
