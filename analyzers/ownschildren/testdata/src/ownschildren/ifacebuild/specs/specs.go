// Package specs reproduces an operator's object builders: each builds a
// child of a different owner, and the controller calls them through an
// interface.
package specs

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

// MemcachedConfig builds the Memcached's ConfigMap.
type MemcachedConfig struct{ M *cachev1.Memcached }

func (b MemcachedConfig) Build() *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	_ = controllerutil.SetControllerReference(b.M, cm, nil)
	return cm
}

// CacheConfig builds the Cache's ConfigMap.
type CacheConfig struct{ C *cachev1.Cache }

func (b CacheConfig) Build() *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	_ = controllerutil.SetControllerReference(b.C, cm, nil)
	return cm
}
