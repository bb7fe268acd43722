// Package types is a stub of k8s.io/apimachinery/pkg/types: importing it
// makes a test package reach Kubernetes, so the frame does not skip it.
package types

// UID is a stub of types.UID.
type UID string
