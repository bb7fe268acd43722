// Reproduces the controller of the Report kind, in a package of its own: // want package:`module\(finalizes Ledger,Report\)`
// it holds each Report with its finalizer until its cleanup is done.
package reportctrl

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"foregrounddeletion/siblings/shelfapi"
)

const reportFinalizer = "shelves.example.com/archive"

type ReportReconciler struct {
	client.Client
}

func (r *ReportReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	report := &shelfapi.Report{}
	if err := r.Get(ctx, req.NamespacedName, report); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !report.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(report, reportFinalizer)
		return ctrl.Result{}, r.Update(ctx, report)
	}
	if controllerutil.AddFinalizer(report, reportFinalizer) {
		return ctrl.Result{}, r.Update(ctx, report)
	}
	return ctrl.Result{}, nil
}

// keepLedger holds the Ledger of a Report until the Report is archived.
func (r *ReportReconciler) keepLedger(ctx context.Context, ledger *shelfapi.Ledger) error {
	if controllerutil.AddFinalizer(ledger, reportFinalizer) {
		return r.Update(ctx, ledger)
	}
	return nil
}

func (r *ReportReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&shelfapi.Report{}).Complete(r)
}
