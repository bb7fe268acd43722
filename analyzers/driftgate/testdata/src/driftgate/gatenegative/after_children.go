// Reproduces a reconciler that reconciles its children first and skips only the expensive status work on unchanged generation.
package gatenegative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "driftgate/api/v1"
)

type AfterReconciler struct {
	client.Client
}

func (r *AfterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.reconcileConfig(ctx, m); err != nil {
		return ctrl.Result{}, err
	}
	if m.GetGeneration() == m.Status.ObservedGeneration {
		return ctrl.Result{}, nil
	}
	m.Status.ObservedGeneration = m.Generation
	return ctrl.Result{}, r.Status().Update(ctx, m)
}

func (r *AfterReconciler) reconcileConfig(ctx context.Context, m *cachev1.Memcached) error {
	cm := &corev1.ConfigMap{}
	_, err := controllerutil.CreateOrPatch(ctx, r.Client, cm, func() error {
		return controllerutil.SetControllerReference(m, cm, r.Scheme())
	})
	return err
}

func (r *AfterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&corev1.ConfigMap{}).Complete(r)
}
