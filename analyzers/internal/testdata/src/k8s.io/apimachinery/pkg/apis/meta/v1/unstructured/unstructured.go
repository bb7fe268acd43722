// Package unstructured is a stub of k8s.io/apimachinery/pkg/apis/meta/v1/unstructured.
package unstructured

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

type Unstructured struct {
	Object map[string]interface{}
}

func (u *Unstructured) GetObjectKind() schema.ObjectKind                { return nil }
func (u *Unstructured) DeepCopyObject() runtime.Object                  { return u }
func (u *Unstructured) DeepCopy() *Unstructured                         { return u }
func (u *Unstructured) GroupVersionKind() schema.GroupVersionKind       { return schema.GroupVersionKind{} }
func (u *Unstructured) SetGroupVersionKind(gvk schema.GroupVersionKind) {}
func (u *Unstructured) GetKind() string                                 { return "" }
func (u *Unstructured) GetAPIVersion() string                           { return "" }
func (u *Unstructured) GetNamespace() string                            { return "" }
func (u *Unstructured) SetNamespace(namespace string)                   {}
func (u *Unstructured) GetName() string                                 { return "" }
func (u *Unstructured) SetName(name string)                             {}
func (u *Unstructured) GetGenerateName() string                         { return "" }
func (u *Unstructured) SetGenerateName(name string)                     {}
func (u *Unstructured) GetUID() types.UID                               { return "" }
func (u *Unstructured) SetUID(uid types.UID)                            {}
func (u *Unstructured) GetResourceVersion() string                      { return "" }
func (u *Unstructured) SetResourceVersion(version string)               {}
func (u *Unstructured) GetGeneration() int64                            { return 0 }
func (u *Unstructured) SetGeneration(generation int64)                  {}
func (u *Unstructured) GetCreationTimestamp() metav1.Time               { return metav1.Time{} }
func (u *Unstructured) SetCreationTimestamp(t metav1.Time)              {}
func (u *Unstructured) GetDeletionTimestamp() *metav1.Time              { return nil }
func (u *Unstructured) SetDeletionTimestamp(t *metav1.Time)             {}
func (u *Unstructured) GetLabels() map[string]string                    { return nil }
func (u *Unstructured) SetLabels(labels map[string]string)              {}
func (u *Unstructured) GetAnnotations() map[string]string               { return nil }
func (u *Unstructured) SetAnnotations(a map[string]string)              {}
func (u *Unstructured) GetFinalizers() []string                         { return nil }
func (u *Unstructured) SetFinalizers(finalizers []string)               {}
func (u *Unstructured) GetOwnerReferences() []metav1.OwnerReference     { return nil }
func (u *Unstructured) SetOwnerReferences(refs []metav1.OwnerReference) {}

func NestedString(obj map[string]interface{}, fields ...string) (string, bool, error) {
	return "", false, nil
}
func NestedMap(obj map[string]interface{}, fields ...string) (map[string]interface{}, bool, error) {
	return nil, false, nil
}
func NestedFieldCopy(obj map[string]interface{}, fields ...string) (interface{}, bool, error) {
	return nil, false, nil
}
func SetNestedField(obj map[string]interface{}, value interface{}, fields ...string) error {
	return nil
}

type UnstructuredList struct {
	Items []Unstructured
}

func (u *UnstructuredList) GetObjectKind() schema.ObjectKind { return nil }
func (u *UnstructuredList) DeepCopyObject() runtime.Object   { return u }
