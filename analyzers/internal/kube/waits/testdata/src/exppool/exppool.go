// Package exppool uses the MachinePool of Cluster API's exp API package,
// whose Cluster is in the package that one imports: the Cluster waits for
// it all the same.
package exppool

import expv1 "sigs.k8s.io/cluster-api/exp/api/v1beta1"

var _ = expv1.MachinePool{}
