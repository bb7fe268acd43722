// Reproduces gating through a local helper and GetGeneration, with children created in a closure by CreateOrUpdate.
package gate

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "driftgate/api/v1"
)

type LocalReconciler struct {
	client.Client
}

func upToDate(m *cachev1.Memcached) bool { // want upToDate:"generationGate"
	return m.Status.ObservedGeneration == m.GetGeneration()
}

func (r *LocalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, err
	}
	if upToDate(m) && m.DeletionTimestamp == nil {
		return ctrl.Result{}, nil // want `this return skips the children when generation equals status.observedGeneration`
	}
	cm := &corev1.ConfigMap{}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		return controllerutil.SetControllerReference(m, cm, r.Scheme())
	})
	return ctrl.Result{}, err
}

func (r *LocalReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{}).Owns(&corev1.ConfigMap{}).Complete(r)
}
