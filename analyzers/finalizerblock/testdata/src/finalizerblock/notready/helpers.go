package notready // want package:`order\(Machine needs Cluster; releases Machine\)`

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// infraReady tests the Cluster's readiness in a function of its own.
func infraReady(c *Cluster) bool {
	return c.Status.Initialization.InfrastructureProvisioned && meta.IsStatusConditionTrue(c.Status.Conditions, "Ready")
}

// machineFailed tests no readiness: a failed Machine is ended anyway.
func machineFailed(_ *Cluster, m *Machine) bool {
	return m.Annotations["failed"] == "true"
}

// HelperReconciler waits for the Cluster through infraReady before its
// deletion branch, and through a method of its own that calls it.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster := &Cluster{}
	if err := r.Get(ctx, clusterKey(m), cluster); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if !infraReady(cluster) {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `^while the Cluster read with key clusterKey\(m\) is not ready \(infraReady\(cluster\)\)`
	}
	if !r.usable(cluster) {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil // want `^while the Cluster read with key clusterKey\(m\) is not ready \(r.usable\(cluster\)\)`
	}
	if machineFailed(cluster, m) {
		return ctrl.Result{}, nil
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, fin)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	return ctrl.Result{}, nil
}

func (r *HelperReconciler) usable(c *Cluster) bool {
	return infraReady(c)
}

// DeletingFirstReconciler waits through the same helper only on a live
// Machine.
type DeletingFirstReconciler struct{ client.Client }

func (r *DeletingFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	m := &Machine{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !m.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(m, fin)
		return ctrl.Result{}, r.Update(ctx, m)
	}
	cluster := &Cluster{}
	if err := r.Get(ctx, clusterKey(m), cluster); err != nil {
		return ctrl.Result{}, err
	}
	if !infraReady(cluster) {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}
