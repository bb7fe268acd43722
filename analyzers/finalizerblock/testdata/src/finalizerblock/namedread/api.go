// Package namedread holds reconcilers that read the objects their spec
// names through helpers keyed by plain strings (a namespace and a name),
// with the dynamic client: the helper cannot tell a reference from any
// other name, its callers can.
package namedread

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const finalizer = "example.com/unbind"

// Target names an object of any kind that a Binding exposes.
type Target struct {
	Group, Version, Resource string
	Namespace, Name          string
}

type BindingSpec struct {
	Targets    []Target
	SecretName string
}

// Binding exposes the objects its spec names to an application.
type Binding struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec BindingSpec
}

func (in *Binding) DeepCopyObject() runtime.Object { return in }
