// Package collections is a stub of sigs.k8s.io/cluster-api/util/collections.
package collections

import (
	"context"

	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Machines is a set of Machines by name.
type Machines map[string]*clusterv1.Machine

// Func filters Machines.
type Func func(machine *clusterv1.Machine) bool

// GetFilteredMachinesForCluster lists the Machines of cluster that pass the
// filters.
func GetFilteredMachinesForCluster(ctx context.Context, c client.Reader, cluster *clusterv1.Cluster, filters ...Func) (Machines, error) {
	return nil, nil
}
