// Package v1 is a clientset generated before client-go took a context
// (v0.17 and older): Get(name, opts), Delete(name, &opts).
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is the project's API type.
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec WidgetSpec
}

// WidgetSpec names the Widget's Gadget.
type WidgetSpec struct{ GadgetName string }

// DeepCopy returns a copy of the Widget.
func (in *Widget) DeepCopy() *Widget {
	out := *in
	return &out
}

func (in *Widget) DeepCopyObject() runtime.Object { return in }

// CleanupFinalizer is the finalizer the Widget's deletion removes.
const CleanupFinalizer = "widgets.example.com/cleanup"

// UnsetCleanup drops the cleanup finalizer from the Widget in memory.
func (in *Widget) UnsetCleanup() {
	var kept []string
	for _, f := range in.Finalizers {
		if f != CleanupFinalizer {
			kept = append(kept, f)
		}
	}
	in.Finalizers = kept
}

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
