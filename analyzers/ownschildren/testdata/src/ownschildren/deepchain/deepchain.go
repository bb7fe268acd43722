// Reproduces controllers whose child is created three calls down, in two
// other packages, with the reference the owner gives of itself through an
// interface: the Alerter's controller reference makes its account a child
// it does not watch, and the finding names the controller's helper and the
// builder at the end of the chain, where the reference is set; the
// Pager's plain reference makes no controlled child.
package deepchain

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"ownschildren/deepchain/api"
	"ownschildren/deepchain/deploy"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	a := &api.Alerter{}
	if err := r.Get(ctx, req.NamespacedName, a); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, deploy.Alerting(ctx, r.Client, a) // want `corev1.ServiceAccount is created with a controller reference to api.Alerter`
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Alerter{}).Complete(r)
}

type PagerReconciler struct{ client.Client }

func (r *PagerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	p := &api.Pager{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, deploy.Paging(ctx, r.Client, p)
}

func (r *PagerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Pager{}).Complete(r)
}
