// Reproduces gating that Gets the child inside the gate and returns only when it exists.
package gatenegative

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "driftgate/api/v1"
)

type GetReconciler struct {
	client.Client
}

func (r *GetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, err
	}
	if m.Generation == m.Status.ObservedGeneration {
		existing := &appsv1.StatefulSet{}
		err := r.Get(ctx, req.NamespacedName, existing)
		if err == nil {
			return ctrl.Result{}, nil
		}
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
	}
	sts := &appsv1.StatefulSet{}
	if err := ctrl.SetControllerReference(m, sts, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, sts)
}

func (r *GetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&appsv1.StatefulSet{}).Complete(r)
}
