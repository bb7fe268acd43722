// Reproduces cleanup helpers (test teardown, garbage collection passes) that walk a list of objects and release each one's finalizer, skipping with continue the objects a Get finds already gone: treating not-found as gone, the correct pattern. // want package:`order\(DockerCluster needs Network; releases DockerCluster\)`
package skipgone

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

// releaseAll removes the finalizer of every named cluster still there.
func releaseAll(ctx context.Context, c client.Client, names []types.NamespacedName) error {
	for _, key := range names {
		cluster := &api.DockerCluster{}
		if err := c.Get(ctx, key, cluster); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return err
		}
		if controllerutil.RemoveFinalizer(cluster, api.ClusterFinalizer) {
			if err := c.Update(ctx, cluster); err != nil {
				return err
			}
		}
	}
	return nil
}

// releaseListed does the same for clusters read earlier, skipping those
// deleted since.
func releaseListed(ctx context.Context, c client.Client, clusters []*api.DockerCluster) error {
	for _, cluster := range clusters {
		latest := &api.DockerCluster{}
		err := c.Get(ctx, client.ObjectKeyFromObject(cluster), latest)
		if apierrors.IsNotFound(err) {
			continue
		}
		if err != nil {
			return err
		}
		controllerutil.RemoveFinalizer(latest, api.ClusterFinalizer)
		if err := c.Update(ctx, latest); err != nil {
			return err
		}
	}
	return nil
}

// deleteNetworks waits, in a loop, for every network of a deleting cluster
// to exist: a network deleted first strands the cluster's finalizer.
func deleteNetworks(ctx context.Context, c client.Client, cluster *api.DockerCluster, names []string) error {
	if cluster.DeletionTimestamp.IsZero() {
		return nil
	}
	for _, name := range names {
		network := &api.Network{}
		if err := c.Get(ctx, types.NamespacedName{Name: name, Namespace: cluster.Namespace}, network); err != nil {
			if apierrors.IsNotFound(err) {
				return err // want `when the Network named by [^ ]+ is already deleted, this return keeps DockerCluster from ever reaching the removal`
			}
			return err
		}
		if err := c.Delete(ctx, network); err != nil {
			return err
		}
	}
	controllerutil.RemoveFinalizer(cluster, api.ClusterFinalizer)
	return c.Update(ctx, cluster)
}
