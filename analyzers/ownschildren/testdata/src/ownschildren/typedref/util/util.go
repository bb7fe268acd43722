// Package util builds the owner references of one API type, as operators'
// utility packages do: the owner is a parameter of that concrete type, so
// the reference's owner kind is known here, not at each call.
package util

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	cachev1 "ownschildren/api/v1"
)

// ControllerRefTo returns a controller reference to m.
func ControllerRefTo(m *cachev1.Memcached) metav1.OwnerReference {
	return metav1.OwnerReference{
		APIVersion:         "cache.example.com/v1",
		Kind:               "Memcached",
		Name:               m.Name,
		UID:                m.UID,
		Controller:         ptr.To(true),
		BlockOwnerDeletion: ptr.To(true),
	}
}

// ReferenceTo returns a plain (not controller) reference to m.
func ReferenceTo(m *cachev1.Memcached) metav1.OwnerReference {
	return metav1.OwnerReference{Kind: "Memcached", Name: m.Name, UID: m.UID}
}
