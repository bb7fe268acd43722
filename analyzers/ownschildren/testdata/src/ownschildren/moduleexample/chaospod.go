// Reproduces controller-runtime's CRD example (a ChaosPod that creates its Pod) with Owns forgotten: the reconciled type's import path is inside the controller-runtime module, which makes it no controller-runtime source.
package moduleexample

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	api "sigs.k8s.io/controller-runtime/examples/crd/pkg"
)

type reconciler struct {
	client.Client
}

func (r *reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var chaospod api.ChaosPod
	if err := r.Get(ctx, req.NamespacedName, &chaospod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pod corev1.Pod
	if err := ctrl.SetControllerReference(&chaospod, &pod, r.Scheme()); err != nil { // want `corev1.Pod is created with a controller reference to api.ChaosPod but its controller does not watch it`
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, &pod); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func setup(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.ChaosPod{}).
		Complete(&reconciler{Client: mgr.GetClient()})
}
