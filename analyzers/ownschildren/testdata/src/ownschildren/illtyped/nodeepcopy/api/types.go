// Package api reproduces a kubebuilder API package on a fresh checkout of a project that does not commit its generated code: zz_generated.deepcopy.go is missing, so Memcached lacks DeepCopyObject and is no runtime.Object.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type Memcached struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MemcachedSpec
}

type MemcachedSpec struct{ Size int32 }
