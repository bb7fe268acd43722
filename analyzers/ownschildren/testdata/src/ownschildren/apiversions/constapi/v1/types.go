// Package v1 declares the group widgets.example.com with a GroupName constant, as k8s.io/api does.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const GroupName = "widgets.example.com"

type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Gadget) DeepCopyObject() runtime.Object { return in }
