// +groupName=widgets.example.com

// Package v1beta1 is an older version of the same group, declared only by its marker.
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Gadget) DeepCopyObject() runtime.Object { return in }

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Widget) DeepCopyObject() runtime.Object { return in }
