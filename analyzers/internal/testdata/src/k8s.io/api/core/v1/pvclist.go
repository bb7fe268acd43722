package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// PersistentVolumeClaimList is a stub of corev1.PersistentVolumeClaimList.
type PersistentVolumeClaimList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []PersistentVolumeClaim
}

func (in *PersistentVolumeClaimList) DeepCopyObject() runtime.Object { return in }
