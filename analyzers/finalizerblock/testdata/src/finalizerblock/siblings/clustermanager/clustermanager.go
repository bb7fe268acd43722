// Package clustermanager sets up the Cluster controller and the // want package:`waits\(finalizerblock/api.DockerCluster waits for sigs.k8s.io/cluster-api/api/v1beta1.Cluster, sigs.k8s.io/cluster-api/api/v1beta1.Cluster waits for finalizerblock/api.DockerCluster\)`
// DockerCluster controller of a sibling package: each waits for the other
// to be gone.
package clustermanager

import (
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/api"
	"finalizerblock/siblings/clusterowner"
	"finalizerblock/xchild"
)

func Setup(mgr ctrl.Manager) error {
	if err := ctrl.NewControllerManagedBy(mgr).For(&clusterv1.Cluster{}).Complete(&clusterowner.ClusterReconciler{Client: mgr.GetClient()}); err != nil { // want `the deletion code of Cluster \(ClusterReconciler.Reconcile, in package finalizerblock/siblings/clusterowner\) keeps its finalizer until the DockerCluster is gone, while the deletion code of DockerCluster \(DockerClusterReconciler.reconcileDelete, in package finalizerblock/xchild\) keeps its finalizer until the Cluster is gone, and this package imports both`
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&api.DockerCluster{}).Complete(&xchild.DockerClusterReconciler{Client: mgr.GetClient()})
}
