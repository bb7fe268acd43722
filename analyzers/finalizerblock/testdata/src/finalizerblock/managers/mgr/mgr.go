// Package mgr reproduces a Cluster API provider's managers in a package of
// their own: a factory returns each manager behind an interface, and the
// manager adds and removes the infrastructure cluster's finalizer.
package mgr

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

// ClusterManagerInterface is what the controllers see of a manager.
type ClusterManagerInterface interface {
	SetFinalizer()
	UnsetFinalizer()
	Delete(ctx context.Context) error
}

// Factory makes managers.
type Factory struct {
	Client client.Client
}

// NewClusterManager returns the manager of one DockerCluster.
func (f Factory) NewClusterManager(dc *api.DockerCluster) ClusterManagerInterface {
	return &ClusterManager{client: f.Client, cluster: dc}
}

// ClusterManager manages one DockerCluster.
type ClusterManager struct {
	client  client.Client
	cluster *api.DockerCluster
}

// SetFinalizer adds the cluster's finalizer.
func (m *ClusterManager) SetFinalizer() {
	controllerutil.AddFinalizer(m.cluster, api.ClusterFinalizer)
}

// UnsetFinalizer removes it.
func (m *ClusterManager) UnsetFinalizer() {
	controllerutil.RemoveFinalizer(m.cluster, api.ClusterFinalizer)
}

// Delete releases the cloud network.
func (m *ClusterManager) Delete(ctx context.Context) error { return nil }
