// Package v1 is the Widget API the example operator reconciles.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API group and version of Widget.
var GroupVersion = schema.GroupVersion{Group: "example.com", Version: "v1"}

// Finalizer is the finalizer the Widget controller puts on every Widget.
const Finalizer = "example.com/widget"

// Widget is a custom resource that the operator backs with a ConfigMap.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	// Data is copied into the Widget's ConfigMap.
	Data map[string]string `json:"data,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// ObservedGeneration is the generation last reconciled.
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (w *Widget) DeepCopyObject() runtime.Object {
	out := *w
	w.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	if w.Spec.Data != nil {
		out.Spec.Data = make(map[string]string, len(w.Spec.Data))
		for k, v := range w.Spec.Data {
			out.Spec.Data[k] = v
		}
	}
	return &out
}

// ConfigMapFor returns the ConfigMap that backs w, without owner references.
func ConfigMapFor(w *Widget) *corev1.ConfigMap {
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name},
		Data:       w.Spec.Data,
	}
}
