// Package api holds a kind that gives its own controller reference.
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
