// Package v1 is another group that also has a kind named Gadget.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var SchemeGroupVersion = schema.GroupVersion{Group: "other.example.com", Version: "v1"}

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
