// The same provider with the deletion branch first: a cluster whose owner is gone is deleted all the same.
package fixed

import (
	"context"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/api"
	"finalizerblock/backend/svc"
)

type Backend interface {
	ReconcileNormal(ctx context.Context, cluster *clusterv1.Cluster, obj *api.DockerCluster) (ctrl.Result, error)
	ReconcileDelete(ctx context.Context, cluster *clusterv1.Cluster, obj *api.DockerCluster) (ctrl.Result, error)
}

type Reconciler struct {
	client.Client
	backend Backend
}

func New(c client.Client) *Reconciler {
	return &Reconciler{Client: c, backend: &svc.Service{}}
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cluster, err := util.GetOwnerCluster(ctx, r.Client, obj.ObjectMeta)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !obj.DeletionTimestamp.IsZero() {
		return r.backend.ReconcileDelete(ctx, cluster, obj)
	}
	if cluster == nil {
		return ctrl.Result{}, nil
	}
	return r.backend.ReconcileNormal(ctx, cluster, obj)
}
