// Package v1 is a typed clientset of the API before client-go took a
// context (v0.17 and older): Create(obj), Get(name, opts).
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type ServicesGetter interface {
	Services(namespace string) ServiceInterface
}

type ServiceInterface interface {
	Create(*corev1.Service) (*corev1.Service, error)
	Get(name string, options metav1.GetOptions) (*corev1.Service, error)
}
