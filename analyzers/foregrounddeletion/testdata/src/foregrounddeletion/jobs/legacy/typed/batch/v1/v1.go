// Package v1 reproduces a typed clientset of client-go before v0.18: no
// context argument, and the delete options by pointer.
package v1

import (
	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type BatchV1Interface interface {
	Jobs(namespace string) JobInterface
}

type JobInterface interface {
	Get(name string, options metav1.GetOptions) (*batchv1.Job, error)
	Delete(name string, options *metav1.DeleteOptions) error
	DeleteCollection(options *metav1.DeleteOptions, listOptions metav1.ListOptions) error
}
