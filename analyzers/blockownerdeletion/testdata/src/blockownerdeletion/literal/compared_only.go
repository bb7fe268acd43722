// A controller that builds the controller reference it expects only to test whether an external object already has it, and then sets the real one with controllerutil.SetControllerReference (Cluster API's Machine controller and its infrastructure machines).
package literal

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// hasOwnerRef reports whether refs holds ref with the same controller flag.
func hasOwnerRef(refs []metav1.OwnerReference, ref metav1.OwnerReference) bool {
	for _, r := range refs {
		if r.UID == ref.UID && ptr.Deref(r.Controller, false) == ptr.Deref(ref.Controller, false) {
			return true
		}
	}
	return false
}

func adoptConfig(db *Database, cm *corev1.ConfigMap, scheme *runtime.Scheme) error {
	expected := metav1.OwnerReference{
		APIVersion: db.APIVersion,
		Kind:       db.Kind,
		Name:       db.Name,
		UID:        db.UID,
		Controller: ptr.To(true),
	}
	if hasOwnerRef(cm.OwnerReferences, expected) && expected.Name != "" {
		return nil
	}
	return controllerutil.SetControllerReference(db, cm, scheme)
}

func ownedAlready(db *Database, cm *corev1.ConfigMap) bool {
	var expected metav1.OwnerReference
	expected.Name = db.Name
	expected.UID = db.UID
	expected.Controller = ptr.To(true)
	for _, r := range cm.OwnerReferences {
		if r == expected {
			return true
		}
	}
	return false
}

func adoptSecret(db *Database, s *corev1.Secret) {
	expected := metav1.OwnerReference{ // want `controller owner reference without blockOwnerDeletion`
		APIVersion: db.APIVersion,
		Kind:       db.Kind,
		Name:       db.Name,
		UID:        db.UID,
		Controller: ptr.To(true),
	}
	if hasOwnerRef(s.OwnerReferences, expected) {
		return
	}
	s.OwnerReferences = append(s.OwnerReferences, expected)
}
