// Package kubeptr reproduces ownership helpers of an operator's Kubernetes utility package: its pointer helper is known through a fact.
package kubeptr

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// Controlling returns the pointer a controller reference's Controller takes.
func Controlling() *bool { // want Controlling:`constBool\(true\)`
	return ptr.To(true)
}

// NameOf returns obj's name.
func NameOf(obj metav1.Object) string { return obj.GetName() }
