// Package cacheapi is an operator's API: a Cache that owns CacheShards.
package cacheapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

type Cache struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Cache) DeepCopyObject() runtime.Object   { return in }
func (in *Cache) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type CacheShard struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *CacheShard) DeepCopyObject() runtime.Object   { return in }
func (in *CacheShard) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }
