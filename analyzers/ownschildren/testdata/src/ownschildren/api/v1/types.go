// Package v1 reproduces a kubebuilder API package: custom resources reconciled by the test controllers.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Memcached struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   MemcachedSpec
	Status MemcachedStatus
}

type MemcachedSpec struct{ Size int32 }

type MemcachedStatus struct {
	ObservedGeneration int64
	Conditions         []metav1.Condition
}

func (in *Memcached) DeepCopyObject() runtime.Object { return in }

type Cache struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Cache) DeepCopyObject() runtime.Object { return in }

type MemcachedList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Memcached
}

func (in *MemcachedList) DeepCopyObject() runtime.Object { return in }
