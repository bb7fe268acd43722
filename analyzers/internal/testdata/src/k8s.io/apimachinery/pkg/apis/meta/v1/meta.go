// Package v1 is a stub of k8s.io/apimachinery/pkg/apis/meta/v1.
package v1

import (
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

type Time struct{ time.Time }

func Now() Time                        { return Time{time.Now()} }
func NewTime(t time.Time) Time         { return Time{t} }
func (t *Time) IsZero() bool           { return t == nil || t.Time.IsZero() }
func (t *Time) Before(u *Time) bool    { return t.Time.Before(u.Time) }
func (t Time) Rfc3339Copy() Time       { return t }
func (t *Time) DeepCopy() *Time        { return t }
func (t Time) Equal(u *Time) bool      { return u != nil && t.Time.Equal(u.Time) }
func (t *Time) DeepCopyInto(out *Time) { *out = *t }

type TypeMeta struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
}

func (obj *TypeMeta) GetObjectKind() schema.ObjectKind                { return obj }
func (obj *TypeMeta) SetGroupVersionKind(gvk schema.GroupVersionKind) {}
func (obj *TypeMeta) GroupVersionKind() schema.GroupVersionKind {
	return schema.GroupVersionKind{}
}

type OwnerReference struct {
	APIVersion         string    `json:"apiVersion"`
	Kind               string    `json:"kind"`
	Name               string    `json:"name"`
	UID                types.UID `json:"uid"`
	Controller         *bool     `json:"controller,omitempty"`
	BlockOwnerDeletion *bool     `json:"blockOwnerDeletion,omitempty"`
}

type ObjectMeta struct {
	Name                       string            `json:"name,omitempty"`
	GenerateName               string            `json:"generateName,omitempty"`
	Namespace                  string            `json:"namespace,omitempty"`
	UID                        types.UID         `json:"uid,omitempty"`
	ResourceVersion            string            `json:"resourceVersion,omitempty"`
	Generation                 int64             `json:"generation,omitempty"`
	CreationTimestamp          Time              `json:"creationTimestamp,omitempty"`
	DeletionTimestamp          *Time             `json:"deletionTimestamp,omitempty"`
	DeletionGracePeriodSeconds *int64            `json:"deletionGracePeriodSeconds,omitempty"`
	Labels                     map[string]string `json:"labels,omitempty"`
	Annotations                map[string]string `json:"annotations,omitempty"`
	OwnerReferences            []OwnerReference  `json:"ownerReferences,omitempty"`
	Finalizers                 []string          `json:"finalizers,omitempty"`
}

// Object lets you work with object metadata from any of the versioned or
// internal API objects.
type Object interface {
	GetNamespace() string
	SetNamespace(namespace string)
	GetName() string
	SetName(name string)
	GetGenerateName() string
	SetGenerateName(name string)
	GetUID() types.UID
	SetUID(uid types.UID)
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetGeneration() int64
	SetGeneration(generation int64)
	GetCreationTimestamp() Time
	SetCreationTimestamp(timestamp Time)
	GetDeletionTimestamp() *Time
	SetDeletionTimestamp(timestamp *Time)
	GetLabels() map[string]string
	SetLabels(labels map[string]string)
	GetAnnotations() map[string]string
	SetAnnotations(annotations map[string]string)
	GetFinalizers() []string
	SetFinalizers(finalizers []string)
	GetOwnerReferences() []OwnerReference
	SetOwnerReferences([]OwnerReference)
}

func (meta *ObjectMeta) GetNamespace() string                 { return meta.Namespace }
func (meta *ObjectMeta) SetNamespace(namespace string)        { meta.Namespace = namespace }
func (meta *ObjectMeta) GetName() string                      { return meta.Name }
func (meta *ObjectMeta) SetName(name string)                  { meta.Name = name }
func (meta *ObjectMeta) GetGenerateName() string              { return meta.GenerateName }
func (meta *ObjectMeta) SetGenerateName(name string)          { meta.GenerateName = name }
func (meta *ObjectMeta) GetUID() types.UID                    { return meta.UID }
func (meta *ObjectMeta) SetUID(uid types.UID)                 { meta.UID = uid }
func (meta *ObjectMeta) GetResourceVersion() string           { return meta.ResourceVersion }
func (meta *ObjectMeta) SetResourceVersion(version string)    { meta.ResourceVersion = version }
func (meta *ObjectMeta) GetGeneration() int64                 { return meta.Generation }
func (meta *ObjectMeta) SetGeneration(generation int64)       { meta.Generation = generation }
func (meta *ObjectMeta) GetCreationTimestamp() Time           { return meta.CreationTimestamp }
func (meta *ObjectMeta) SetCreationTimestamp(t Time)          { meta.CreationTimestamp = t }
func (meta *ObjectMeta) GetDeletionTimestamp() *Time          { return meta.DeletionTimestamp }
func (meta *ObjectMeta) SetDeletionTimestamp(t *Time)         { meta.DeletionTimestamp = t }
func (meta *ObjectMeta) GetLabels() map[string]string         { return meta.Labels }
func (meta *ObjectMeta) SetLabels(labels map[string]string)   { meta.Labels = labels }
func (meta *ObjectMeta) GetAnnotations() map[string]string    { return meta.Annotations }
func (meta *ObjectMeta) SetAnnotations(a map[string]string)   { meta.Annotations = a }
func (meta *ObjectMeta) GetFinalizers() []string              { return meta.Finalizers }
func (meta *ObjectMeta) SetFinalizers(finalizers []string)    { meta.Finalizers = finalizers }
func (meta *ObjectMeta) GetOwnerReferences() []OwnerReference { return meta.OwnerReferences }
func (meta *ObjectMeta) SetOwnerReferences(references []OwnerReference) {
	meta.OwnerReferences = references
}

// GetControllerOf returns a pointer to a copy of the controllerRef if controllee has a controller.
func GetControllerOf(controllee Object) *OwnerReference {
	for _, ref := range controllee.GetOwnerReferences() {
		if ref.Controller != nil && *ref.Controller {
			r := ref
			return &r
		}
	}
	return nil
}

// GetControllerOfNoCopy returns a pointer to the controllerRef if controllee has a controller.
func GetControllerOfNoCopy(controllee Object) *OwnerReference { return GetControllerOf(controllee) }

// IsControlledBy checks if the object has a controllerRef set to the given owner.
func IsControlledBy(obj Object, owner Object) bool { return false }

// NewControllerRef creates an OwnerReference pointing to the given owner.
func NewControllerRef(owner Object, gvk schema.GroupVersionKind) *OwnerReference {
	blockOwnerDeletion := true
	isController := true
	return &OwnerReference{
		APIVersion:         gvk.GroupVersion().String(),
		Kind:               gvk.Kind,
		Name:               owner.GetName(),
		UID:                owner.GetUID(),
		BlockOwnerDeletion: &blockOwnerDeletion,
		Controller:         &isController,
	}
}

type DeletionPropagation string

const (
	DeletePropagationOrphan     DeletionPropagation = "Orphan"
	DeletePropagationBackground DeletionPropagation = "Background"
	DeletePropagationForeground DeletionPropagation = "Foreground"
)

type DeleteOptions struct {
	PropagationPolicy *DeletionPropagation
}

type CreateOptions struct{ DryRun []string }

// DryRunAll means to complete all processing stages without persisting.
const DryRunAll = "All"

type UpdateOptions struct{}
type GetOptions struct{}
type PatchOptions struct{}
type ListOptions struct {
	LabelSelector string
}

type ListMeta struct {
	ResourceVersion string
}

type Condition struct {
	Type               string
	Status             ConditionStatus
	ObservedGeneration int64
	LastTransitionTime Time
	Reason             string
	Message            string
}

type ConditionStatus string

const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

type LabelSelector struct {
	MatchLabels map[string]string
}
