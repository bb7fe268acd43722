// Children created through one API version's Go type and watched through
// another version's type of the same group and kind are watched; a kind of
// the same name in another group is not.
package apiversions

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	widgetsv1 "ownschildren/apiversions/api/v1"
	widgetsv1beta1 "ownschildren/apiversions/api/v1beta1"
	constv1 "ownschildren/apiversions/constapi/v1"
	otherv1 "ownschildren/apiversions/otherapi/v1"
)

// WidgetReconciler creates v1 Gadgets and watches them through v1beta1.
type WidgetReconciler struct {
	client.Client
}

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g := &widgetsv1.Gadget{}
	if err := ctrl.SetControllerReference(w, g, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, g)
}

func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&widgetsv1.Widget{}).
		Owns(&widgetsv1beta1.Gadget{}).
		Complete(r)
}

// ConstReconciler creates Gadgets of a package that names the group with a
// GroupName constant and watches them through v1.
type ConstReconciler struct {
	client.Client
}

func (r *ConstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g := &constv1.Gadget{}
	if err := ctrl.SetControllerReference(w, g, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, g)
}

func (r *ConstReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&widgetsv1.Widget{}).
		Owns(&widgetsv1.Gadget{}).
		Complete(r)
}

// OtherReconciler creates Gadgets of another group and watches the
// widgets.example.com Gadgets: same Go name, another kind.
type OtherReconciler struct {
	client.Client
}

func (r *OtherReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g := &otherv1.Gadget{}
	if err := ctrl.SetControllerReference(w, g, r.Scheme()); err != nil { // want `otherv1.Gadget is created with a controller reference to widgetsv1.Widget but its controller does not watch it`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, g)
}

func (r *OtherReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&widgetsv1.Widget{}).
		Owns(&widgetsv1beta1.Gadget{}).
		Complete(r)
}

// TwoVersionsReconciler creates Gadgets through two API versions' types
// and watches neither: one finding for the kind, not one per version.
type TwoVersionsReconciler struct {
	client.Client
}

func (r *TwoVersionsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Labels["example.com/legacy"] != "" {
		old := &widgetsv1beta1.Gadget{}
		if err := ctrl.SetControllerReference(w, old, r.Scheme()); err != nil { // want `widgetsv1beta1.Gadget is created with a controller reference to widgetsv1.Widget but its controller does not watch it`
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.Create(ctx, old)
	}
	g := &widgetsv1.Gadget{}
	if err := ctrl.SetControllerReference(w, g, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, g)
}

func (r *TwoVersionsReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&widgetsv1.Widget{}).
		Complete(r)
}
