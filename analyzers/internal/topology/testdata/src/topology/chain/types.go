// Package chain is an operator whose kinds form an owner chain three deep: a
// Fleet owns its Squadrons, a Squadron its Ships, and a Ship its ConfigMap.
// Each controller watches what it owns, every reference blocks owner
// deletion, and the Fleet's finalizer is removed once its cleanup is done:
// its graph has no problem marks.
package chain

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API's group and version.
var GroupVersion = schema.GroupVersion{Group: "fleet.example.com", Version: "v1"}

const FleetFinalizer = "fleet.example.com/cleanup"

type Fleet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec FleetSpec
}

type FleetSpec struct{ Squadrons int }

func (in *Fleet) DeepCopyObject() runtime.Object { return in }

type Squadron struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Squadron) DeepCopyObject() runtime.Object { return in }

type Ship struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Ship) DeepCopyObject() runtime.Object { return in }
