// A controller that keeps the Network its cluster uses with a finalizer of // want package:`order\(DockerCluster needs Network; releases DockerCluster\)`
// its own, set and released through a helper of another package that
// applies an edit to the object (fin.Manage(ctx, c, network, fin.Set)): a
// Network it looks up while deleting can be missing only if it was deleted
// before it got that finalizer, and the finding says so (category
// protected).
package appliedhold

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
	"finalizerblock/appliedhold/fin"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cluster := &api.DockerCluster{}
	if err := r.Get(ctx, req.NamespacedName, cluster); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	network := &api.Network{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cluster.Namespace, Name: cluster.Spec.NetworkName}, network); err != nil {
		return ctrl.Result{}, err // want `when the Network named by cluster.Spec.NetworkName is already deleted, this return keeps DockerCluster from ever reaching the removal of finalizer "dockercluster.infrastructure.cluster.x-k8s.io" while it is being deleted: the Network carries a finalizer of this controller's from fin.Manage on`
	}
	if !cluster.DeletionTimestamp.IsZero() {
		if err := fin.Manage(ctx, r.Client, network, fin.Unset); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(cluster, api.ClusterFinalizer)
		return ctrl.Result{}, r.Update(ctx, cluster)
	}
	if err := fin.Manage(ctx, r.Client, network, fin.Set); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.AddFinalizer(cluster, api.ClusterFinalizer)
	return ctrl.Result{}, r.Update(ctx, cluster)
}
