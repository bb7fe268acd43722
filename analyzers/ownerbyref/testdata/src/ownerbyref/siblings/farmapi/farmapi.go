// Package farmapi is an operator's API: a Farm whose controller makes Barns, and a Silo made by nobody in sight.
package farmapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// FarmLabel names a Barn's Farm.
const FarmLabel = "farm.example.com/farm"

type Farm struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Farm) DeepCopyObject() runtime.Object   { return in }
func (in *Farm) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Barn struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec BarnSpec
}

type BarnSpec struct{ SiloName string }

func (in *Barn) DeepCopyObject() runtime.Object   { return in }
func (in *Barn) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Silo struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Silo) DeepCopyObject() runtime.Object   { return in }
func (in *Silo) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
