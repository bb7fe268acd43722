// Package kubernetes is a stub of k8s.io/client-go/kubernetes.
package kubernetes

import (
	appsv1 "k8s.io/client-go/kubernetes/typed/apps/v1"
	corev1 "k8s.io/client-go/kubernetes/typed/core/v1"
)

type Interface interface {
	AppsV1() appsv1.AppsV1Interface
	CoreV1() corev1.CoreV1Interface
}

type Clientset struct {
	appsV1 *appsv1.AppsV1Client
	coreV1 *corev1.CoreV1Client
}

func (c *Clientset) AppsV1() appsv1.AppsV1Interface { return c.appsV1 }
func (c *Clientset) CoreV1() corev1.CoreV1Interface { return c.coreV1 }

var _ Interface = &Clientset{}
