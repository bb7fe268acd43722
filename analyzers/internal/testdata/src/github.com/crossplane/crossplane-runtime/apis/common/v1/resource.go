// Package v1 is a stub of github.com/crossplane/crossplane-runtime/apis/common/v1.
package v1

import "k8s.io/apimachinery/pkg/types"

// A TypedReference refers to an object by Name, Kind, and APIVersion. It is
// commonly used to reference cluster-scoped objects or objects where the
// namespace is already known.
type TypedReference struct {
	APIVersion string    `json:"apiVersion"`
	Kind       string    `json:"kind"`
	Name       string    `json:"name"`
	UID        types.UID `json:"uid,omitempty"`
}
