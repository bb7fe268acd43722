// Package api declares a schedule of exports and the Export each of its
// slots makes.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group and version of the test API.
var GroupVersion = schema.GroupVersion{Group: "exports.example.com", Version: "v1"}

// ExportSchedule makes an Export at every slot of its schedule.
type ExportSchedule struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ExportScheduleSpec
}

type ExportScheduleSpec struct{ Every string }

func (in *ExportSchedule) DeepCopyObject() runtime.Object { return in }

// Export is one run of a schedule.
type Export struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ExportSpec
}

type ExportSpec struct{ Schedule string }

func (in *Export) DeepCopyObject() runtime.Object { return in }

// NewExport returns the Export of s named name, as an API package's
// constructor does: the name is the caller's.
func (in *ExportSchedule) NewExport(name string) *Export {
	return &Export{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: in.Namespace},
		Spec:       ExportSpec{Schedule: in.Name},
	}
}
