// Package api holds a Widget type whose accessor builds the key of the
// Gadget its spec names.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec WidgetSpec
}

type WidgetSpec struct {
	GadgetName string
	Image      string
}

func (in *Widget) DeepCopyObject() runtime.Object { return in }

// GadgetKey is the key of the Gadget the spec names.
func (in *Widget) GadgetKey() types.NamespacedName {
	return types.NamespacedName{Namespace: in.Namespace, Name: in.Spec.GadgetName}
}

// OwnKey is the Widget's own key: no reference.
func (in *Widget) OwnKey() types.NamespacedName {
	return types.NamespacedName{Namespace: in.Namespace, Name: in.Name}
}

type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Gadget) DeepCopyObject() runtime.Object { return in }

type GadgetList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Gadget
}

func (in *GadgetList) DeepCopyObject() runtime.Object { return in }
