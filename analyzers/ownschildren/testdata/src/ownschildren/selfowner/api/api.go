// Package api holds two kinds that give their own controller reference
// through a method of an interface they share.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var GroupVersion = schema.GroupVersion{Group: "shop.example.com", Version: "v1"}

// Owned is an object that owns the objects made for it.
type Owned interface {
	metav1.Object
	AsOwner() []metav1.OwnerReference
}

type Store struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Store) DeepCopyObject() runtime.Object   { return in }
func (in *Store) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// AsOwner returns the Store's controller reference.
func (in *Store) AsOwner() []metav1.OwnerReference {
	yes := true
	return []metav1.OwnerReference{{APIVersion: GroupVersion.String(), Kind: "Store", Name: in.Name, UID: in.UID, Controller: &yes, BlockOwnerDeletion: &yes}}
}

type Kiosk struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Kiosk) DeepCopyObject() runtime.Object   { return in }
func (in *Kiosk) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// AsOwner returns the Kiosk's controller reference.
func (in *Kiosk) AsOwner() []metav1.OwnerReference {
	yes := true
	return []metav1.OwnerReference{{APIVersion: GroupVersion.String(), Kind: "Kiosk", Name: in.Name, UID: in.UID, Controller: &yes, BlockOwnerDeletion: &yes}}
}
