// Package pkg stands for the API of controller-runtime's own CRD example: a custom resource whose import path lies
// inside the controller-runtime module but outside its pkg/ tree.
package pkg

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type ChaosPod struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *ChaosPod) DeepCopyObject() runtime.Object { return in }
