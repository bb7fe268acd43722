// Package gc reproduces garbage collectors behind an interface, in a package of their own, that keep the objects they collect in fields: NetworkSweeper releases the finalizers of the Networks it holds, never those of the object its caller reconciles; ClusterReleaser releases the finalizer of the DockerCluster it was built for. // want package:`order\(releases Network\)`
package gc

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

// NetworkSweeper collects the networks it listed when it was built.
type NetworkSweeper struct {
	c       client.Client
	current *api.Network
}

// NewNetworkSweeper lists the networks to collect.
func NewNetworkSweeper(c client.Client) *NetworkSweeper {
	return &NetworkSweeper{c: c, current: &api.Network{}}
}

// Sweep releases the finalizer of the network it holds.
func (s *NetworkSweeper) Sweep(ctx context.Context) error {
	if s.current.DeletionTimestamp.IsZero() {
		return nil
	}
	controllerutil.RemoveFinalizer(s.current, "networks.example.com/gc")
	return s.c.Update(ctx, s.current)
}

// ClusterReleaser releases the cluster it was built for.
type ClusterReleaser struct {
	c       client.Client
	cluster *api.DockerCluster
}

// NewClusterReleaser keeps cluster.
func NewClusterReleaser(c client.Client, cluster *api.DockerCluster) *ClusterReleaser {
	return &ClusterReleaser{c: c, cluster: cluster}
}

// Release releases the cluster's finalizer.
func (r *ClusterReleaser) Release(ctx context.Context) error {
	controllerutil.RemoveFinalizer(r.cluster, api.ClusterFinalizer)
	return r.c.Update(ctx, r.cluster)
}
