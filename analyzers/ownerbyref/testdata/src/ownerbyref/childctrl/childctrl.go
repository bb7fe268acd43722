// The CacheShard controller in another package finds its Cache by a label that the Cache controller sets (the owner relation is known from the other package's Owns, through a fact). // want package:`byName\(; 1 pairs\)`
package childctrl

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"ownerbyref/cacheapi"
	"ownerbyref/parentctrl"
)

type CacheShardReconciler struct{ client.Client }

func (r *CacheShardReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	shard := &cacheapi.CacheShard{}
	if err := r.Get(ctx, req.NamespacedName, shard); err != nil {
		return reconcile.Result{}, err
	}
	cache := &cacheapi.Cache{}
	key := client.ObjectKey{Namespace: shard.Namespace, Name: shard.Labels[parentctrl.ShardLabel]}
	if err := r.Get(ctx, key, cache); err != nil { // want `Get of the owning cacheapi.Cache by a name taken from a label of the object`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}
