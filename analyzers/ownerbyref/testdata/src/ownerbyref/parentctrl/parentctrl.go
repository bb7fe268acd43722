// The Cache controller, in its own package, declares that it owns CacheShards with Owns; the fact carries that to the shard controller's package. // want package:`byName\(; 1 pairs\)`
package parentctrl

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"ownerbyref/cacheapi"
)

// ShardLabel names the Cache on each shard.
const ShardLabel = "cache.example.com/cache"

type CacheReconciler struct{ client.Client }

func (r *CacheReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *CacheReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:"owners\\(ownerbyref/cacheapi.Cache>ownerbyref/cacheapi.CacheShard\\)"
	return ctrl.NewControllerManagedBy(mgr).
		For(&cacheapi.Cache{}).
		Owns(&cacheapi.CacheShard{}).
		Complete(r)
}
