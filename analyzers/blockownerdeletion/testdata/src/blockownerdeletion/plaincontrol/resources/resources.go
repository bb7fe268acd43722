// Package resources reproduces an operator's generator of its owner's children: each object it returns carries a plain owner reference to the owner, written as a literal without Controller or BlockOwnerDeletion.
package resources

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"blockownerdeletion/plaincontrol/api"
)

// For returns the Store's StatefulSet and Service.
func For(s *api.Store) []client.Object {
	ref := metav1.OwnerReference{APIVersion: "example.com/v1", Kind: "Store", Name: s.Name, UID: s.UID}
	sts := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: s.Name, OwnerReferences: []metav1.OwnerReference{ref}}}
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: s.Name, OwnerReferences: []metav1.OwnerReference{ref}}}
	return []client.Object{sts, svc}
}
