// An operator that writes true as the address of the only element of a bool slice literal, with no pointer helper.
package literal

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func secretFor(db *Database) *corev1.Secret {
	s := &corev1.Secret{}
	s.OwnerReferences = []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion`
		APIVersion: db.APIVersion,
		Kind:       db.Kind,
		Name:       db.Name,
		UID:        db.UID,
		Controller: &[]bool{true}[0],
	}}
	return s
}
