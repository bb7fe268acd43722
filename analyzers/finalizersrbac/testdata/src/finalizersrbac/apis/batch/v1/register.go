// Package v1 is an older Operator SDK API package: no +groupName marker, the group only in SchemeGroupVersion.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// SchemeGroupVersion is the group version used to register these objects.
var SchemeGroupVersion = schema.GroupVersion{Group: "batch.example.com", Version: "v1"}

// Job is a kind of the batch.example.com group.
type Job struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Job) DeepCopyObject() runtime.Object { return in }
