// Package api declares a fleet of kinds: a Fleet names its Harbor; a Ship
// belongs to a Fleet.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +groupName=sea.example.com

type Fleet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec FleetSpec
}

type FleetSpec struct {
	HarborRef *ObjectRef
}

type ObjectRef struct {
	Kind, Name string
}

type Harbor struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

type Ship struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ShipSpec
}

type ShipSpec struct {
	FleetName string
}

func (in *Fleet) DeepCopyObject() runtime.Object  { return in }
func (in *Harbor) DeepCopyObject() runtime.Object { return in }
func (in *Ship) DeepCopyObject() runtime.Object   { return in }
