// Reproduces an operator that skips reconciling when the spec is unchanged, before (re)creating its Deployment.
package gate

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "driftgate/api/v1"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m.Generation == m.Status.ObservedGeneration {
		return ctrl.Result{}, nil // want `this return skips the children when generation equals status.observedGeneration: generation changes only with the spec, so a deleted or changed appsv1.Deployment is not repaired until the spec changes; reconcile the children on every pass, or check they exist \(drift.MissingChildren\) before returning`
	}
	if err := r.ensureDeployment(ctx, m); err != nil {
		return ctrl.Result{}, err
	}
	m.Status.ObservedGeneration = m.Generation
	return ctrl.Result{}, r.Status().Update(ctx, m)
}

func (r *Reconciler) ensureDeployment(ctx context.Context, m *cachev1.Memcached) error {
	dep := &appsv1.Deployment{}
	if err := ctrl.SetControllerReference(m, dep, r.Scheme()); err != nil {
		return err
	}
	return r.Create(ctx, dep)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&appsv1.Deployment{}).Complete(r)
}
