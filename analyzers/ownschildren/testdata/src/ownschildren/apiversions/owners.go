package apiversions

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	widgetsv1 "ownschildren/apiversions/api/v1"
	widgetsv1beta1 "ownschildren/apiversions/api/v1beta1"
	otherv1 "ownschildren/apiversions/otherapi/v1"
)

// LegacyOwnerReconciler reconciles Widgets through v1 but makes its
// ConfigMaps' controller reference from the v1beta1 type: the owner is
// the reconciled kind all the same, and the ConfigMap is not watched.
type LegacyOwnerReconciler struct {
	client.Client
}

func (r *LegacyOwnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &widgetsv1beta1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(w, cm, r.Scheme()); err != nil { // want `ConfigMap is created with a controller reference to widgetsv1.Widget but its controller does not watch it`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *LegacyOwnerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&widgetsv1.Widget{}).
		Complete(r)
}

// ForeignOwnerReconciler reconciles widgets.example.com Widgets and makes
// ConfigMaps controlled by a Widget of another group: those are that
// kind's controller's children, not this one's.
type ForeignOwnerReconciler struct {
	client.Client
}

func (r *ForeignOwnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &otherv1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	if err := ctrl.SetControllerReference(w, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *ForeignOwnerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&widgetsv1.Widget{}).
		Complete(r)
}
