package plaincontrol

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/plaincontrol/api"
)

// LedgerReconciler gives its Deployment a plain owner reference on purpose:
// its builder watches Deployments with Owns(..., builder.MatchEveryOwner),
// which matches plain references, so the ownership is plain by design, not
// control in disguise. Its StatefulSet, watched by a plain Owns, is
// reported.
type LedgerReconciler struct {
	client.Client
}

func (r *LedgerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &api.Ledger{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	if err := controllerutil.SetOwnerReference(l, dep, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, dep); err != nil {
		return ctrl.Result{}, err
	}
	sts := &appsv1.StatefulSet{}
	if err := controllerutil.SetOwnerReference(l, sts, r.Scheme()); err != nil { // want `plain owner reference without blockOwnerDeletion on the appsv1.StatefulSet this controller creates for its api.Ledger`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, sts)
}

func (r *LedgerReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Ledger{}).
		Owns(&appsv1.Deployment{}, builder.MatchEveryOwner).
		Owns(&appsv1.StatefulSet{}).
		Complete(r)
}
