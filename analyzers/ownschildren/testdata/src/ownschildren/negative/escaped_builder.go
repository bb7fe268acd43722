// Reproduces a builder handed to another package's helper: its watches are not known here, so nothing is reported.
package negative

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1 "ownschildren/api/v1"
	"ownschildren/negative/watchlib"
)

type EscapedReconciler struct {
	client.Client
}

func (r *EscapedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &cachev1.Memcached{}
	svc := &corev1.Service{}
	if err := ctrl.SetControllerReference(m, svc, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, svc)
}

func (r *EscapedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&cachev1.Memcached{})
	return watchlib.AddWatches(b).Complete(r)
}
