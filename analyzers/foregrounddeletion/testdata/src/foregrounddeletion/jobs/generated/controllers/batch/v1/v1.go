// Package v1 reproduces controllers a code generator writes outside any
// typed/ directory, whose methods take the namespace before the name and
// the options by pointer.
package v1

import (
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// JobController reads and writes Jobs.
type JobController interface {
	Get(namespace, name string, options metav1.GetOptions) (*batchv1.Job, error)
	Delete(namespace, name string, options *metav1.DeleteOptions) error
}

// ConfigMapController reads and writes ConfigMaps.
type ConfigMapController interface {
	Get(namespace, name string, options metav1.GetOptions) (*corev1.ConfigMap, error)
	Delete(namespace, name string, options *metav1.DeleteOptions) error
}

// JobCache reads Jobs from an informer's cache: no options, no writes.
type JobCache interface {
	Get(namespace, name string) (*batchv1.Job, error)
}
