// Package v1 is a stub of k8s.io/client-go/applyconfigurations/apps/v1.
package v1

import (
	metav1 "k8s.io/client-go/applyconfigurations/meta/v1"
)

type StatefulSetApplyConfiguration struct {
	*metav1.ObjectMetaApplyConfiguration
}

func StatefulSet(name, namespace string) *StatefulSetApplyConfiguration {
	return &StatefulSetApplyConfiguration{ObjectMetaApplyConfiguration: &metav1.ObjectMetaApplyConfiguration{Name: &name, Namespace: &namespace}}
}

func (b *StatefulSetApplyConfiguration) IsApplyConfiguration() {}

func (b *StatefulSetApplyConfiguration) WithLabels(entries map[string]string) *StatefulSetApplyConfiguration {
	return b
}

func (b *StatefulSetApplyConfiguration) WithOwnerReferences(values ...*metav1.OwnerReferenceApplyConfiguration) *StatefulSetApplyConfiguration {
	for _, v := range values {
		b.OwnerReferences = append(b.OwnerReferences, *v)
	}
	return b
}
