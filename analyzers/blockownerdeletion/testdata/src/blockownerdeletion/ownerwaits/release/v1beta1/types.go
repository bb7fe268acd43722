// +groupName=release.example.com

// Package v1beta1 is the v1beta1 version of a Release API: a Release and the
// Artifacts its controller makes for it. Both versions are one group, so
// their kinds are the same kinds.
package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Release struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Release) DeepCopyObject() runtime.Object { return in }

type Artifact struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Artifact) DeepCopyObject() runtime.Object { return in }

type ArtifactList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Artifact
}

func (in *ArtifactList) DeepCopyObject() runtime.Object { return in }
