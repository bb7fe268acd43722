// want package:"nogroup resources\\(Gizmo=gizmoes\\)"

// Package nogroup declares no API group, but a kind of it has a resource
// name: its fact carries the name alone, and its kinds stay keyed by Go
// type.
package nogroup

// +kubebuilder:resource:path=gizmoes
type Gizmo struct{}
