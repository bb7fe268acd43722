// Package kubernetes is a stub of k8s.io/client-go/kubernetes.
package kubernetes

import (
	appsv1 "k8s.io/client-go/kubernetes/typed/apps/v1"
)

type Interface interface {
	AppsV1() appsv1.AppsV1Interface
}

type Clientset struct {
	appsV1 *appsv1.AppsV1Client
}

func (c *Clientset) AppsV1() appsv1.AppsV1Interface { return c.appsV1 }

var _ Interface = &Clientset{}
