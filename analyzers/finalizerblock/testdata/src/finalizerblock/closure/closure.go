// Reconcilers that read through a closure keyed by its parameter before // want package:`order\(Widget needs ConfigMap; releases Widget\)`
// their deletion branch. Called with the name the spec refers to, the
// closure's read keeps the finalizer once that object is gone; called with
// a name made from the object's own, it reads no dependency.
package closure

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	widgetsv1 "finalizerblock/typedclient/clientset/typed/widgets/v1"
)

const cleanupFinalizer = "example.com/cleanup"

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	load := func(name string) error {
		return r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: name}, cm)
	}
	if err := load(w.Spec.GadgetName); err != nil {
		return ctrl.Result{Requeue: true}, nil // want `when a referenced ConfigMap that load reads is already deleted, this return keeps Widget from ever reaching the removal of finalizer "example.com/cleanup" while it is being deleted`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, cleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	controllerutil.AddFinalizer(w, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}

type OwnNameReconciler struct {
	client.Client
}

func (r *OwnNameReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	load := func(name string) error {
		return r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: name}, cm)
	}
	if err := load(w.Name + "-settings"); err != nil {
		return ctrl.Result{Requeue: true}, nil
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, cleanupFinalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	controllerutil.AddFinalizer(w, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, w)
}
