// Reproduces generation gating done right: the runtime's drift.MissingChildren is consulted before skipping.
package gatenegative

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/drift"

	cachev1 "driftgate/api/v1"
)

type DriftReconciler struct {
	client.Client
}

func (r *DriftReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, err
	}
	missing, err := drift.MissingChildren(ctx, r.Client, m, &appsv1.Deployment{})
	if err != nil {
		return ctrl.Result{}, err
	}
	if m.Generation == m.Status.ObservedGeneration && len(missing) == 0 {
		return ctrl.Result{}, nil
	}
	dep := &appsv1.Deployment{}
	if err := ctrl.SetControllerReference(m, dep, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, dep)
}

func (r *DriftReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&appsv1.Deployment{}).Complete(r)
}
