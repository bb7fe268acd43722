// Package meta reproduces an operator's ownership helper kept in a utility package: it gives the metadata it is passed a controller owner reference, built as a literal.
package meta

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// SetAsOwnedBy makes controller the controller of controlled.
func SetAsOwnedBy(controlled *metav1.ObjectMeta, controller metav1.ObjectMeta, typeMeta metav1.TypeMeta) {
	isController := true
	controlled.SetOwnerReferences([]metav1.OwnerReference{{
		APIVersion: typeMeta.APIVersion,
		Kind:       typeMeta.Kind,
		Name:       controller.Name,
		UID:        controller.UID,
		Controller: &isController,
	}})
}
