// Package api reproduces an operator's API package: a Pipeline and the
// Stages its controller makes for it.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Pipeline struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Pipeline) DeepCopyObject() runtime.Object { return in }

type Stage struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Stage) DeepCopyObject() runtime.Object { return in }

type StageList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Stage
}

func (in *StageList) DeepCopyObject() runtime.Object { return in }

type Batch struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Batch) DeepCopyObject() runtime.Object { return in }

type Step struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Step) DeepCopyObject() runtime.Object { return in }

type Crew struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Crew) DeepCopyObject() runtime.Object { return in }

type Sailor struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Sailor) DeepCopyObject() runtime.Object { return in }

type Fleet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Fleet) DeepCopyObject() runtime.Object { return in }

type Ship struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Ship) DeepCopyObject() runtime.Object { return in }

type ShipList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Ship
}

func (in *ShipList) DeepCopyObject() runtime.Object { return in }

type Convoy struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Convoy) DeepCopyObject() runtime.Object { return in }

type Truck struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Truck) DeepCopyObject() runtime.Object { return in }

type TruckList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Truck
}

func (in *TruckList) DeepCopyObject() runtime.Object { return in }

func (in *Truck) DeepCopy() *Truck { out := *in; return &out }
