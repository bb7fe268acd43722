// Controllers of the objects the Replica controller Owns, each finding its // want package:`byName\(ReplicaContent gets Replica; 1 pairs\)`
// Replica by a name in its spec: the namespaced shard could follow an
// owner reference instead, the cluster-scoped content could not.
package contentctrl

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"ownerbyref/replicaapi"
	_ "ownerbyref/replicactrl"
)

type ShardReconciler struct{ client.Client }

func (r *ShardReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	shard := &replicaapi.ReplicaShard{}
	if err := r.Get(ctx, req.NamespacedName, shard); err != nil {
		return reconcile.Result{}, err
	}
	replica := &replicaapi.Replica{}
	key := client.ObjectKey{Namespace: shard.Namespace, Name: shard.Spec.ReplicaName}
	if err := r.Get(ctx, key, replica); err != nil { // want `Get of the owning replicaapi.Replica by a name taken from`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

type ContentReconciler struct{ client.Client }

func (r *ContentReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	content := &replicaapi.ReplicaContent{}
	if err := r.Get(ctx, req.NamespacedName, content); err != nil {
		return reconcile.Result{}, err
	}
	ref := content.Spec.ReplicaRef
	replica := &replicaapi.Replica{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, replica); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}
