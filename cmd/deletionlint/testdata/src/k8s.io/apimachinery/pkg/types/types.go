// Package types is a stub of k8s.io/apimachinery/pkg/types: importing it
// makes a fixture package reach Kubernetes, so the rules look at it.
package types

// UID is a stub of types.UID.
type UID string
