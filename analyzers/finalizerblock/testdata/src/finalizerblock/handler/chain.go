package handler // want package:`order\(Gateway needs Secret; releases Gateway, Listener, Object\)`

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// step is one stage of a chain of handlers a Gateway's reconciler runs in
// order, the deleting pass included. certStep hands on the not-found of the
// Secret its Gateway names as it is, with no test of its own: the
// reconciler's return of that error is where the finalizer is kept.
type step interface {
	run(ctx context.Context, gw *Gateway) error
}

type Gateway struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec GatewaySpec
}

type GatewaySpec struct {
	CertSecret string
	ClassName  string
}

func (in *Gateway) DeepCopyObject() runtime.Object { return in }

type gatewayReconciler struct {
	client.Client
	steps []step
}

func (r *gatewayReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	gw := &Gateway{}
	if err := r.Get(ctx, req.NamespacedName, gw); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	for _, s := range r.steps {
		if err := s.run(ctx, gw); err != nil {
			return reconcile.Result{}, err // want `when a referenced Secret that s.run reads is already deleted, this return keeps Gateway from ever reaching the removal of finalizer "example.com/cleanup"`
		}
	}
	if gw.DeletionTimestamp != nil {
		controllerutil.RemoveFinalizer(gw, cleanupFinalizer)
		return reconcile.Result{}, r.Update(ctx, gw)
	}
	return reconcile.Result{}, nil
}

// certStep reads the certificate Secret the Gateway's spec names, even
// while the Gateway is being deleted.
type certStep struct{ c client.Client }

func (s *certStep) run(ctx context.Context, gw *Gateway) error {
	sec := &corev1.Secret{}
	return s.c.Get(ctx, client.ObjectKey{Namespace: gw.Namespace, Name: gw.Spec.CertSecret}, sec)
}

// classStep treats a gone class as nothing to do.
type classStep struct{ c client.Client }

func (s *classStep) run(ctx context.Context, gw *Gateway) error {
	cm := &corev1.ConfigMap{}
	err := s.c.Get(ctx, client.ObjectKey{Namespace: gw.Namespace, Name: gw.Spec.ClassName}, cm)
	if apierrors.IsNotFound(err) {
		return nil
	}
	return err
}

// check is the stage interface of a Listener's reconciler, whose only
// implementation treats a gone class as nothing to do: no stage can keep
// a Listener's finalizer.
type check interface {
	verify(ctx context.Context, l *Listener) error
}

type Listener struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec GatewaySpec
}

func (in *Listener) DeepCopyObject() runtime.Object { return in }

type listenerReconciler struct {
	client.Client
	checks []check
}

func (r *listenerReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	l := &Listener{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	for _, c := range r.checks {
		if err := c.verify(ctx, l); err != nil {
			return reconcile.Result{}, err
		}
	}
	if l.DeletionTimestamp != nil {
		controllerutil.RemoveFinalizer(l, cleanupFinalizer)
		return reconcile.Result{}, r.Update(ctx, l)
	}
	return reconcile.Result{}, nil
}

type classCheck struct{ c client.Client }

func (k *classCheck) verify(ctx context.Context, l *Listener) error {
	cm := &corev1.ConfigMap{}
	if err := k.c.Get(ctx, client.ObjectKey{Namespace: l.Namespace, Name: l.Spec.ClassName}, cm); err != nil {
		return client.IgnoreNotFound(err)
	}
	return nil
}
