// +groupName=kennel.example.com

// Package api declares a Kennel that makes Dogs.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var GroupVersion = schema.GroupVersion{Group: "kennel.example.com", Version: "v1"}

type Kennel struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Kennel) DeepCopyObject() runtime.Object { return in }

type Dog struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status DogStatus
}

type DogStatus struct{ Kennel string }

func (in *Dog) DeepCopyObject() runtime.Object { return in }
