package v1

// Fleet is cluster-scoped, as its kubebuilder marker says.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=fleets,scope=Cluster
type Fleet struct{}

// +kubebuilder:resource:path=vessels

// Ship is namespaced: its resource markers name no scope. Its resource
// name is the one the marker in the comment group above its doc gives,
// as controller-gen reads it.
// +kubebuilder:resource:shortName=sh
type Ship struct{}

// +kubebuilder:resource:path=boats

// A comment of its own, between the marker and Boat's doc.

// Boat's resource name is the one controller-gen derives: the marker is
// two comment groups above its doc, where controller-gen does not look.
type Boat struct{}

// +genclient
// +genclient:nonNamespaced

// Dock is cluster-scoped, as its client-gen marker says.
type Dock struct{}
