// The Replica controller watches its shards and its content with Owns. A // want package:`byName\(; 1 pairs\)`
// namespaced Replica cannot own its cluster-scoped ReplicaContent (the
// garbage collector cannot resolve such a reference), so the Owns of the
// content is no owner relation: only the shards are owned.
package replicactrl

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"ownerbyref/replicaapi"
)

type ReplicaReconciler struct{ client.Client }

func (r *ReplicaReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *ReplicaReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:"owners\\(ownerbyref/replicaapi.Replica>ownerbyref/replicaapi.ReplicaContent, ownerbyref/replicaapi.Replica>ownerbyref/replicaapi.ReplicaShard\\)"
	return ctrl.NewControllerManagedBy(mgr).
		For(&replicaapi.Replica{}).
		Owns(&replicaapi.ReplicaShard{}).
		Owns(&replicaapi.ReplicaContent{}).
		Complete(r)
}
