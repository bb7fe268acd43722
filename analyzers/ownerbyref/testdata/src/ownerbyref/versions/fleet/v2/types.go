// +groupName=fleet.example.com

// Package v2 is the v2 version of the fleet API: the same group, so its
// Fleet is the same kind as v1's.
package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Fleet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Fleet) DeepCopyObject() runtime.Object { return in }
