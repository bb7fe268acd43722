// A controller that watches its children through another API version's Go
// type, with a mapping handler: the watched kind is its child's, so the
// builder-wide generation filter drops the children's updates.
package apiversions

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	widgetsv1 "driftgate/apiversions/api/v1"
	widgetsv1beta1 "driftgate/apiversions/api/v1beta1"
)

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
		Watches(&widgetsv1beta1.Gadget{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request { return nil })).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `WithEventFilter with a generation-changed predicate filters the events of every watched object`
		Complete(r)
}
