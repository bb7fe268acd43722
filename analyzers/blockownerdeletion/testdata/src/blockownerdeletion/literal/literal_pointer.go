// A controller still on the deprecated k8s.io/utils/pointer package, imported as utilpointer, with the controller bit first.
package literal

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilpointer "k8s.io/utils/pointer"
)

func configMapFor(db *Database) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	cm.OwnerReferences = append(cm.OwnerReferences, metav1.OwnerReference{ // want `controller owner reference without blockOwnerDeletion`
		Controller: utilpointer.BoolPtr(true),
		APIVersion: db.APIVersion,
		Kind:       db.Kind,
		Name:       db.Name,
		UID:        db.UID,
	})
	return cm
}
