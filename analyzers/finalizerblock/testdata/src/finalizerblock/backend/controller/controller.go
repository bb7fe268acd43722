// Reproduces a Cluster API infrastructure provider whose Reconcile adds its finalizer first, then returns when util.GetOwnerCluster yields no Cluster, before its deletion branch, which delegates to a backend behind an interface-typed field: the backend (another package) releases the finalizer, so a cluster whose owner reference is gone is stuck. (Were the finalizer added only past the owner test, by the backend's ReconcileNormal, no object without an owner would hold it: see finalizerblock/managers.)
package controller

import (
	"context"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
	"finalizerblock/backend/svc"
)

// Backend reconciles the cloud side of a cluster.
type Backend interface {
	ReconcileNormal(ctx context.Context, cluster *clusterv1.Cluster, obj *api.DockerCluster) (ctrl.Result, error)
	ReconcileDelete(ctx context.Context, cluster *clusterv1.Cluster, obj *api.DockerCluster) (ctrl.Result, error)
}

type Reconciler struct {
	client.Client
	backend Backend
}

// New builds the reconciler with the cloud backend.
func New(c client.Client) *Reconciler {
	return &Reconciler{Client: c, backend: &svc.Service{}}
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() && controllerutil.AddFinalizer(obj, api.ClusterFinalizer) {
		if err := r.Update(ctx, obj); err != nil {
			return ctrl.Result{}, err
		}
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cluster == nil {
		return ctrl.Result{}, nil // want `when the owning Cluster \(util.GetOwnerCluster\) is already deleted \(or was never set\), this return keeps DockerCluster from ever reaching the removal of its finalizer`
	}
	if !obj.DeletionTimestamp.IsZero() {
		return r.backend.ReconcileDelete(ctx, cluster, obj)
	}
	return r.backend.ReconcileNormal(ctx, cluster, obj)
}
