// Package v1 is the v1 API of the group widgets.example.com.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var GroupVersion = schema.GroupVersion{Group: "widgets.example.com", Version: "v1"}

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Widget) DeepCopyObject() runtime.Object { return in }

type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Gadget) DeepCopyObject() runtime.Object { return in }
