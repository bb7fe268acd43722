// Package v1 is a stub of k8s.io/client-go/applyconfigurations/core/v1.
package v1

import (
	metav1 "k8s.io/client-go/applyconfigurations/meta/v1"
)

type ConfigMapApplyConfiguration struct {
	*metav1.ObjectMetaApplyConfiguration
	Data map[string]string
}

func ConfigMap(name, namespace string) *ConfigMapApplyConfiguration {
	return &ConfigMapApplyConfiguration{ObjectMetaApplyConfiguration: &metav1.ObjectMetaApplyConfiguration{Name: &name, Namespace: &namespace}}
}

func (b *ConfigMapApplyConfiguration) IsApplyConfiguration() {}

func (b *ConfigMapApplyConfiguration) WithData(entries map[string]string) *ConfigMapApplyConfiguration {
	b.Data = entries
	return b
}

func (b *ConfigMapApplyConfiguration) WithOwnerReferences(values ...*metav1.OwnerReferenceApplyConfiguration) *ConfigMapApplyConfiguration {
	for _, v := range values {
		b.OwnerReferences = append(b.OwnerReferences, *v)
	}
	return b
}
