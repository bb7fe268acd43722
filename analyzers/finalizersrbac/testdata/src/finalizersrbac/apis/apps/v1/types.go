package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +kubebuilder:object:root=true

// Widget's resource is the default plural, widgets.
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Widget) DeepCopyObject() runtime.Object { return in }

// +kubebuilder:object:root=true
// +kubebuilder:resource:path=gizmoes

// Gizmo's resource is set by its marker.
type Gizmo struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Gizmo) DeepCopyObject() runtime.Object { return in }
