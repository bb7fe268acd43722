// Package v1 reproduces a monitoring stack's API package, whose PodMonitor an operator creates from a manifest.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// GroupName is the API group of the package's kinds.
const GroupName = "monitoring.example.com"

type PodMonitor struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *PodMonitor) DeepCopyObject() runtime.Object { return in }
