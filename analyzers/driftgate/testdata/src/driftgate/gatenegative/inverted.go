// Reproduces gating on changed generation only: the children are reconciled on every pass whatever the generation.
package gatenegative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "driftgate/api/v1"
)

type InvertedReconciler struct {
	client.Client
}

func (r *InvertedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, err
	}
	svc := &corev1.Service{}
	if err := ctrl.SetControllerReference(m, svc, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, svc); err != nil && !apierrors.IsAlreadyExists(err) {
		return ctrl.Result{}, err
	}
	if m.Generation != m.Status.ObservedGeneration {
		m.Status.ObservedGeneration = m.Generation
		return ctrl.Result{}, r.Status().Update(ctx, m)
	}
	return ctrl.Result{}, nil
}

func (r *InvertedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&corev1.Service{}).Complete(r)
}
