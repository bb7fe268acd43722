// Package cacheapi is a stub of sigs.k8s.io/controller-runtime/pkg/cache/cacheapi,
// where controller-runtime v0.25 declares Object (client.Object is an alias of it).
package cacheapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Object interface {
	metav1.Object
	runtime.Object
}
