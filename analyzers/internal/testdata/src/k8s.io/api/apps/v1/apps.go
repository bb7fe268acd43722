// Package v1 is a stub of k8s.io/api/apps/v1.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

type Deployment struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   DeploymentSpec
	Status DeploymentStatus
}

type DeploymentSpec struct {
	Replicas *int32
	Selector *metav1.LabelSelector
	Template corev1.PodTemplateSpec
}

type DeploymentStatus struct {
	ObservedGeneration int64
	ReadyReplicas      int32
}

func (in *Deployment) DeepCopyObject() runtime.Object   { return in }
func (in *Deployment) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type StatefulSet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec StatefulSetSpec
}

type StatefulSetSpec struct {
	Replicas             *int32
	VolumeClaimTemplates []corev1.PersistentVolumeClaim
}

func (in *StatefulSet) DeepCopyObject() runtime.Object   { return in }
func (in *StatefulSet) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type DaemonSet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *DaemonSet) DeepCopyObject() runtime.Object   { return in }
func (in *DaemonSet) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// ControllerRevision is an immutable snapshot of an object's state, kept as
// its history.
type ControllerRevision struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Revision int64
}

func (in *ControllerRevision) DeepCopyObject() runtime.Object   { return in }
func (in *ControllerRevision) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// GroupName is the group name of this API.
const GroupName = "apps"
