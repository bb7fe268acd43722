// Reproduces a reconciler that waits for a child Deployment (from its own cache) to be observed: a child's generation is not a gate.
package gatenegative

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "driftgate/api/v1"
)

type ChildGenerationReconciler struct {
	client.Client
	last map[string]*appsv1.Deployment
}

func (r *ChildGenerationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, err
	}
	if prev := r.last[req.Name]; prev != nil && prev.Generation != prev.Status.ObservedGeneration {
		return ctrl.Result{Requeue: true}, nil
	}
	if prev := r.last[req.Name]; prev != nil && prev.Generation == prev.Status.ObservedGeneration && prev.Status.ReadyReplicas == 0 {
		return ctrl.Result{Requeue: true}, nil
	}
	dep := &appsv1.Deployment{}
	if err := ctrl.SetControllerReference(m, dep, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, dep)
}

func (r *ChildGenerationReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&appsv1.Deployment{}).Complete(r)
}
