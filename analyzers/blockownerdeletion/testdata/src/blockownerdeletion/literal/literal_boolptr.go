// An operator whose owner references take their booleans from its own helper package.
package literal

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"blockownerdeletion/boolptr"
	"blockownerdeletion/kubeptr"
)

func serviceFor(db *Database) *corev1.Service {
	svc := &corev1.Service{}
	svc.OwnerReferences = []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion`
		APIVersion: db.APIVersion,
		Kind:       db.Kind,
		Name:       db.Name,
		UID:        db.UID,
		Controller: boolptr.True(),
	}}
	return svc
}

// notControllerFor sets Controller to false: not a controller reference.
func notControllerFor(db *Database) *corev1.Service {
	svc := &corev1.Service{}
	svc.OwnerReferences = []metav1.OwnerReference{{
		APIVersion: db.APIVersion,
		Kind:       db.Kind,
		Name:       db.Name,
		UID:        db.UID,
		Controller: boolptr.False(),
	}}
	return svc
}

func configFor(db *Database) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	cm.OwnerReferences = []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion`
		APIVersion: db.APIVersion,
		Kind:       db.Kind,
		Name:       kubeptr.NameOf(db),
		UID:        db.UID,
		Controller: kubeptr.Controlling(),
	}}
	return cm
}
