// Package v1 is a clientset generated before client-go took a context
// (v0.17 and older): Get(name, opts), Delete(name, &opts).
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Widget is the project's API type.
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec WidgetSpec
}

// WidgetSpec names the Widget's Gadget.
type WidgetSpec struct{ GadgetName string }

// Gadget is another kind of the project's API.
type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

type GadgetsGetter interface {
	Gadgets(namespace string) GadgetInterface
}

type GadgetInterface interface {
	Create(*Gadget) (*Gadget, error)
	Delete(name string, options *metav1.DeleteOptions) error
	Get(name string, options metav1.GetOptions) (*Gadget, error)
}

type WidgetsGetter interface {
	Widgets(namespace string) WidgetInterface
}

type WidgetInterface interface {
	Get(name string, options metav1.GetOptions) (*Widget, error)
	Update(*Widget) (*Widget, error)
}
