// Package api holds kinds that give their own owner reference: a
// controller reference, or a plain one.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var GroupVersion = schema.GroupVersion{Group: "alerts.example.com", Version: "v1"}

type Alerter struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Alerter) DeepCopyObject() runtime.Object   { return in }
func (in *Alerter) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// AsOwner returns the Alerter's controller reference.
func (in *Alerter) AsOwner() []metav1.OwnerReference {
	yes := true
	return []metav1.OwnerReference{{APIVersion: GroupVersion.String(), Kind: "Alerter", Name: in.Name, UID: in.UID, Controller: &yes, BlockOwnerDeletion: &yes}}
}

type Pager struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Pager) DeepCopyObject() runtime.Object   { return in }
func (in *Pager) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// AsOwner returns a plain reference to the Pager.
func (in *Pager) AsOwner() []metav1.OwnerReference {
	return []metav1.OwnerReference{{APIVersion: GroupVersion.String(), Kind: "Pager", Name: in.Name, UID: in.UID}}
}
