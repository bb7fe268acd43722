package v1

// Fleet is cluster-scoped, as its kubebuilder marker says.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=fleets,scope=Cluster
type Fleet struct{}

// Ship is namespaced: its resource marker names no scope.
// +kubebuilder:resource:shortName=sh
type Ship struct{}

// +genclient
// +genclient:nonNamespaced

// Dock is cluster-scoped, as its client-gen marker says.
type Dock struct{}
