// Package dbapi stands for the API of a database operator whose deletion
// goes through phases recorded in the status.
package dbapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API group of the package's kinds.
var GroupVersion = schema.GroupVersion{Group: "db.example.com", Version: "v1"}

// Phases of a Database's deletion.
const (
	PhaseVolumesDeleted = "VolumesDeleted"
	PhaseVolumesGone    = "VolumesGone"
)

type DatabaseStatus struct {
	Phase      string
	Conditions []metav1.Condition
}

// ConditionVolumesDeleted is true once the Database's Volumes were deleted.
const ConditionVolumesDeleted = "VolumesDeleted"

type Database struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status DatabaseStatus
}

func (in *Database) DeepCopyObject() runtime.Object   { return in }
func (in *Database) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
