// Package v1 is a stub of k8s.io/api/core/v1.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

type ConfigMap struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Data       map[string]string
	BinaryData map[string][]byte
}

func (in *ConfigMap) DeepCopyObject() runtime.Object   { return in }
func (in *ConfigMap) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type ConfigMapList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []ConfigMap
}

func (in *ConfigMapList) DeepCopyObject() runtime.Object   { return in }
func (in *ConfigMapList) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Secret struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Data map[string][]byte
}

func (in *Secret) DeepCopyObject() runtime.Object   { return in }
func (in *Secret) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type SecretList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Secret
}

func (in *SecretList) DeepCopyObject() runtime.Object   { return in }
func (in *SecretList) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Service struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ServiceSpec
}

type ServiceSpec struct {
	Selector map[string]string
}

func (in *Service) DeepCopyObject() runtime.Object   { return in }
func (in *Service) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type ServiceAccount struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *ServiceAccount) DeepCopyObject() runtime.Object   { return in }
func (in *ServiceAccount) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Pod struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Pod) DeepCopyObject() runtime.Object   { return in }
func (in *Pod) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type PersistentVolumeClaim struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *PersistentVolumeClaim) DeepCopyObject() runtime.Object   { return in }
func (in *PersistentVolumeClaim) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type ObjectReference struct {
	Kind       string
	Namespace  string
	Name       string
	APIVersion string
}

type LocalObjectReference struct {
	Name string
}

type SecretKeySelector struct {
	LocalObjectReference
	Key string
}

type PodTemplateSpec struct {
	metav1.ObjectMeta
}

type ConditionStatus string

const (
	ConditionTrue  ConditionStatus = "True"
	ConditionFalse ConditionStatus = "False"
)

const (
	EventTypeNormal  = "Normal"
	EventTypeWarning = "Warning"
)

// GroupName is the group name of this API: the core group.
const GroupName = ""

// Namespace is cluster-scoped.
type Namespace struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Namespace) DeepCopyObject() runtime.Object   { return in }
func (in *Namespace) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// Node is cluster-scoped.
type Node struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Node) DeepCopyObject() runtime.Object   { return in }
func (in *Node) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

// Endpoints, LimitRange, ResourceQuota and ReplicationController are
// namespaced kinds without fields the tests read; PersistentVolume is
// cluster-scoped.
type Endpoints struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Endpoints) DeepCopyObject() runtime.Object   { return in }
func (in *Endpoints) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type LimitRange struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *LimitRange) DeepCopyObject() runtime.Object   { return in }
func (in *LimitRange) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type ResourceQuota struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *ResourceQuota) DeepCopyObject() runtime.Object   { return in }
func (in *ResourceQuota) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type ReplicationController struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *ReplicationController) DeepCopyObject() runtime.Object   { return in }
func (in *ReplicationController) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type PersistentVolume struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *PersistentVolume) DeepCopyObject() runtime.Object   { return in }
func (in *PersistentVolume) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
