// Package applied reproduces reconcilers that edit their finalizer through // want package:`order\(Gadget needs Secret; releases Gadget\)`
// a helper of another package that applies the operation it is given
// (fin.Apply(ctx, c, obj, fin.Drop)). Given the remover, the helper releases
// the object's finalizer: what runs before it on the deletion path must not
// fail for good. Given the adder, it releases nothing.
package applied

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/applied/fin"
)

type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec GadgetSpec
}

type GadgetSpec struct {
	TokenSecret string
}

func (in *Gadget) DeepCopyObject() runtime.Object { c := *in; return &c }

type GadgetReconciler struct{ client.Client }

func (r *GadgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Gadget{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	token := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: g.Namespace, Name: g.Spec.TokenSecret}, token); err != nil {
		return ctrl.Result{}, err // want `^when the Secret named by g.Spec.TokenSecret is already deleted, this return keeps Gadget from ever reaching the removal of its finalizer while it is being deleted`
	}
	if !g.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, fin.Apply(ctx, r.Client, g, fin.Drop)
	}
	return ctrl.Result{}, fin.Apply(ctx, r.Client, g, fin.Add)
}

// Widget's reconciler only ever adds its finalizer through the helper:
// there is no removal to reach.
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec GadgetSpec
}

func (in *Widget) DeepCopyObject() runtime.Object { c := *in; return &c }

type WidgetReconciler struct{ client.Client }

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	token := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.TokenSecret}, token); err != nil {
		return ctrl.Result{}, err
	}
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, fin.Apply(ctx, r.Client, w, fin.Add)
}
