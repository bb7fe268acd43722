package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Octopus has no resource marker: its CRD manifest names its resource
// octopi, not the default plural, octopuses.
type Octopus struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}
