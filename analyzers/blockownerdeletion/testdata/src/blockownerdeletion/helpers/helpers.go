// Package-level owner reference builders as operators write them (xxxAsOwner(cr) metav1.OwnerReference), a generic one and a method, used from another package.
package helpers

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Cache struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Cache) DeepCopyObject() runtime.Object { return in }

// CacheAsOwner is the prometheus-operator / etcd-operator style helper.
func CacheAsOwner(c *Cache) metav1.OwnerReference { // want CacheAsOwner:"returnsControllerRefWithoutBlock"
	trueVar := true
	return metav1.OwnerReference{ // want `controller owner reference without blockOwnerDeletion`
		APIVersion: c.APIVersion,
		Kind:       c.Kind,
		Name:       c.Name,
		UID:        c.UID,
		Controller: &trueVar,
	}
}

// AsOwnerRef is a generic helper returning a pointer.
func AsOwnerRef[T client.Object](owner T, apiVersion, kind string) *metav1.OwnerReference { // want AsOwnerRef:"returnsControllerRefWithoutBlock"
	ref := &metav1.OwnerReference{ // want `controller owner reference without blockOwnerDeletion`
		APIVersion: apiVersion,
		Kind:       kind,
		Name:       owner.GetName(),
		UID:        owner.GetUID(),
		Controller: ptr.To(true),
	}
	return ref
}

// Wrapped only forwards CacheAsOwner.
func Wrapped(c *Cache) metav1.OwnerReference { // want Wrapped:"returnsControllerRefWithoutBlock"
	return CacheAsOwner(c) // reported at CacheAsOwner's literal, where the fix goes
}

// Refs builds owner references for a Cache.
type Refs struct{ APIVersion string }

// ControllerRef is a method that builds one.
func (r Refs) ControllerRef(c *Cache) (metav1.OwnerReference, error) { // want ControllerRef:"returnsControllerRefWithoutBlock"
	return metav1.OwnerReference{APIVersion: r.APIVersion, Kind: "Cache", Name: c.Name, UID: c.UID, Controller: ptr.To(true)}, nil // want `controller owner reference without blockOwnerDeletion`
}

// Blocking sets the field and carries no fact.
func Blocking(c *Cache) metav1.OwnerReference {
	ref := CacheAsOwner(c)
	ref.BlockOwnerDeletion = ptr.To(true)
	return ref
}
