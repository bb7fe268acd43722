// +groupName=tenancy.example.com

// Package v1 is an API of a namespaced Tenant and a cluster-scoped
// TenantClass.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Tenant struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Tenant) DeepCopyObject() runtime.Object { return in }

// TenantClass is shared by the Tenants of every namespace.
// +kubebuilder:resource:scope=Cluster
type TenantClass struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *TenantClass) DeepCopyObject() runtime.Object { return in }
