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

// MachineManagerInterface is what the controllers see of a machine's
// manager.
type MachineManagerInterface interface {
	SetFinalizer()
	UnsetFinalizer()
	DeleteContainer(ctx context.Context) error
}

// NewMachineManager returns the manager of one DockerMachine.
func (f Factory) NewMachineManager(dm *api.DockerMachine) MachineManagerInterface {
	return &MachineManager{machineFinalizer: machineFinalizer{machine: dm}, client: f.Client}
}

// machineFinalizer adds and removes a DockerMachine's finalizer; the
// machine's manager embeds it, so its methods are the manager's.
type machineFinalizer struct {
	machine *api.DockerMachine
}

// SetFinalizer adds the machine's finalizer.
func (f machineFinalizer) SetFinalizer() {
	controllerutil.AddFinalizer(f.machine, api.MachineFinalizer)
}

// UnsetFinalizer removes it.
func (f machineFinalizer) UnsetFinalizer() {
	controllerutil.RemoveFinalizer(f.machine, api.MachineFinalizer)
}

// MachineManager manages one DockerMachine; its finalizer methods are
// those of the machineFinalizer it embeds.
type MachineManager struct {
	machineFinalizer
	client client.Client
}

// DeleteContainer releases the machine's container.
func (m *MachineManager) DeleteContainer(ctx context.Context) error { return nil }
