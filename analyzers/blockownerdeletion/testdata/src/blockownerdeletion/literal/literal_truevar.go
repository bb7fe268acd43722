// An operator that takes the address of a local true variable, on one line (the pre-ptr.To idiom).
package literal

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

var trueVar = true

func serviceForTrueVar(db *Database) *corev1.Service {
	isController := true
	svc := &corev1.Service{}
	svc.OwnerReferences = []metav1.OwnerReference{{Name: db.Name, UID: db.UID, Controller: &isController}} // want `controller owner reference without blockOwnerDeletion`
	return svc
}

func secretForTrueVar(db *Database) *corev1.Secret {
	s := &corev1.Secret{}
	s.SetOwnerReferences([]metav1.OwnerReference{{Kind: db.Kind, Name: db.Name, Controller: &trueVar, UID: db.UID}}) // want `controller owner reference without blockOwnerDeletion`
	return s
}
