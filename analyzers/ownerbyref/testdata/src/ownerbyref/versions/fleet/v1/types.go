// +groupName=fleet.example.com

// Package v1 is the v1 version of a fleet API: a Fleet and its Boats.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Fleet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Fleet) DeepCopyObject() runtime.Object { return in }

type Boat struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Boat) DeepCopyObject() runtime.Object { return in }
