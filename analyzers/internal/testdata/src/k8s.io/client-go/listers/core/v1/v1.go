// Package v1 is a stub of k8s.io/client-go/listers/core/v1.
package v1

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
)

type ConfigMapLister interface {
	List(selector labels.Selector) (ret []*v1.ConfigMap, err error)
	ConfigMaps(namespace string) ConfigMapNamespaceLister
}

type ConfigMapNamespaceLister interface {
	List(selector labels.Selector) (ret []*v1.ConfigMap, err error)
	Get(name string) (*v1.ConfigMap, error)
}
