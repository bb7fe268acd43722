// Reproduces two infrastructure cluster controllers that reach their
// finalizer only through a manager of another package, behind the
// interface its factory returns. The first returns when the owning Cluster
// is not set yet and adds the finalizer (through the manager) only past
// that test: an object that never had an owner never got the finalizer.
// The second adds it through the manager before looking for the owner, so
// its return on a missing owner strands the finalizer.
package managers

import (
	"context"

	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/api"
	"finalizerblock/managers/mgr"
)

type ClusterReconciler struct {
	client.Client
	Managers mgr.Factory
}

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dc := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, dc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, dc.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil {
		return ctrl.Result{}, nil // no owner yet: the manager never added the finalizer
	}
	m := r.Managers.NewClusterManager(dc)
	if !dc.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, m)
	}
	return r.reconcileNormal(ctx, dc, m)
}

func (r *ClusterReconciler) reconcileNormal(ctx context.Context, dc *api.DockerCluster, m mgr.ClusterManagerInterface) (ctrl.Result, error) {
	m.SetFinalizer()
	return ctrl.Result{}, r.Update(ctx, dc)
}

func (r *ClusterReconciler) reconcileDelete(ctx context.Context, m mgr.ClusterManagerInterface) (ctrl.Result, error) {
	if err := m.Delete(ctx); err != nil {
		return ctrl.Result{}, err
	}
	m.UnsetFinalizer()
	return ctrl.Result{}, nil
}

type EagerClusterReconciler struct {
	client.Client
	Managers mgr.Factory
}

func (r *EagerClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dc := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, dc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	m := r.Managers.NewClusterManager(dc)
	if dc.DeletionTimestamp.IsZero() {
		m.SetFinalizer()
		if err := r.Update(ctx, dc); err != nil {
			return ctrl.Result{}, err
		}
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, dc.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil {
		return ctrl.Result{}, nil // want `when the owning Cluster \(util.GetOwnerCluster\) is already deleted \(or was never set\), this return keeps DockerCluster from ever reaching the removal`
	}
	if !dc.DeletionTimestamp.IsZero() {
		if err := m.Delete(ctx); err != nil {
			return ctrl.Result{}, err
		}
		m.UnsetFinalizer()
	}
	return ctrl.Result{}, nil
}
