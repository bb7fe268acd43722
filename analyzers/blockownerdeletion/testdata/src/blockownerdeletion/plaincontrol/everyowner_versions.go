package plaincontrol

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/plaincontrol/api"
	journalv1 "blockownerdeletion/plaincontrol/journal/v1"
	journalv1beta1 "blockownerdeletion/plaincontrol/journal/v1beta1"
)

// JournalReconciler gives the Entries it creates through v1 a plain owner
// reference, and watches Entries through v1beta1 with MatchEveryOwner: the
// same kind, owned plainly by design.
type JournalReconciler struct {
	client.Client
}

func (r *JournalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &api.Ledger{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	e := &journalv1.Entry{}
	if err := controllerutil.SetOwnerReference(l, e, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, e)
}

func (r *JournalReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Ledger{}).
		Owns(&journalv1beta1.Entry{}, builder.MatchEveryOwner).
		Complete(r)
}
