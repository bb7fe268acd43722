// Package api declares a kind whose status has two bool fields.
package api

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Pool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status PoolStatus
}

type PoolStatus struct {
	Ready    bool
	Degraded bool
	Drained  bool
	Reason   string
}
