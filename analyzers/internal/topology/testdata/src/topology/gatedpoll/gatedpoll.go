// Package gatedpoll is an operator whose reconciler waits for its Lock to
// be claimed without asking for another pass, and polls every 20 seconds
// on every pass that gets as far as the Lock's ConfigMap: the graph says
// it polls, as ownschildren does for the ConfigMap.
package gatedpoll

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Lock struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Holder string
}

func (in *Lock) DeepCopyObject() runtime.Object { return in }

type LockReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *LockReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Lock{}).Complete(r)
}

func (r *LockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &Lock{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if l.Holder == "" {
		return ctrl.Result{}, nil // claiming the Lock updates it
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: l.Namespace, Name: l.Name + "-holder"}}
	if err := controllerutil.SetControllerReference(l, cm, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, cm); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: 20 * time.Second}, nil
}
