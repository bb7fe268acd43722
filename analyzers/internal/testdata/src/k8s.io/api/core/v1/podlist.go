package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// PodList is a stub of corev1.PodList.
type PodList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Pod
}

func (in *PodList) DeepCopyObject() runtime.Object { return in }
