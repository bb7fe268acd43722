// Reproduces a Data controller whose deletion releases its leases through a // want package:`waits\(finalizerblock/leases/mgr.Template waits for finalizerblock/leases/mgr.Data\)`
// manager of another package behind an interface; the manager reads the
// Template the Data's spec names and hands back the read's error. The
// Template's deletion, through its own manager, requeues while any Data is
// left: the Template cannot be gone first, so the Data's deletion strands
// nothing. The same deletion that reads a Pool, whose deletion waits for
// nothing, is stranded once the Pool is gone.
package leases

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/leases/mgr"
)

type TemplateReconciler struct {
	client.Client
}

func (r *TemplateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	t := &mgr.Template{}
	if err := r.Get(ctx, req.NamespacedName, t); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	m := mgr.NewTemplateManager(r.Client, t)
	if !t.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, t, m)
	}
	return ctrl.Result{}, nil
}

func (r *TemplateReconciler) reconcileDelete(ctx context.Context, t *mgr.Template, m mgr.TemplateManager) (ctrl.Result, error) {
	left, err := m.CountDatas(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	if left > 0 {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	m.UnsetFinalizer()
	return ctrl.Result{}, r.Update(ctx, t)
}

type DataReconciler struct {
	client.Client
}

func (r *DataReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &mgr.Data{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	m := mgr.NewDataManager(r.Client, d)
	if !d.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, d, m)
	}
	return ctrl.Result{}, nil
}

func (r *DataReconciler) reconcileDelete(ctx context.Context, d *mgr.Data, m mgr.DataManager) (ctrl.Result, error) {
	if err := m.ReleaseLeases(ctx); err != nil {
		return ctrl.Result{}, err // the Template waits for this Data
	}
	m.UnsetFinalizer()
	return ctrl.Result{}, r.Update(ctx, d)
}

type PooledDataReconciler struct {
	client.Client
}

func (r *PooledDataReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &mgr.Data{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	m := mgr.NewDataManager(r.Client, d)
	if !d.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, d, m)
	}
	return ctrl.Result{}, nil
}

func (r *PooledDataReconciler) reconcileDelete(ctx context.Context, d *mgr.Data, m mgr.DataManager) (ctrl.Result, error) {
	if err := m.ReleasePool(ctx); err != nil {
		return ctrl.Result{}, err // want `when a referenced Pool that m.ReleasePool reads is already deleted`
	}
	m.UnsetFinalizer()
	return ctrl.Result{}, r.Update(ctx, d)
}
