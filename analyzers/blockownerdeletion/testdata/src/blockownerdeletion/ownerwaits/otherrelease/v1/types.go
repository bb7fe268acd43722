// +groupName=mirror.example.com

// Package v1 is another group's API: a Mirror, and an Artifact kind whose
// name is the release group's Artifact's, another kind.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Mirror struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Mirror) DeepCopyObject() runtime.Object { return in }

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
