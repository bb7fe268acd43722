// A test framework (outside _test.go files) that lists the owner references an object is expected to have, without name or UID, and compares them in assertion functions that return an error; and the helpers that do write a reference, which stay reported.
package literal

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// sameOwners returns an error unless got holds every expected reference.
func sameOwners(got []metav1.OwnerReference, want ...metav1.OwnerReference) error {
	for _, w := range want {
		found := false
		for _, g := range got {
			if g.Kind == w.Kind && ptr.Deref(g.Controller, false) == ptr.Deref(w.Controller, false) {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("missing owner %s", w.Kind)
		}
	}
	return nil
}

type ownerCheck struct {
	obj  *corev1.ConfigMap
	refs []metav1.OwnerReference
}

func (o ownerCheck) verify() error { return sameOwners(o.obj.OwnerReferences, o.refs...) }

func expectOwners(cm *corev1.ConfigMap) error {
	if err := sameOwners(cm.OwnerReferences, metav1.OwnerReference{Kind: "Database", Controller: ptr.To(true)}); err != nil {
		return err
	}
	expected := []metav1.OwnerReference{
		{APIVersion: "example.com/v1", Kind: "Database", Controller: ptr.To(true)},
		{APIVersion: "example.com/v1", Kind: "Backup"},
	}
	if err := sameOwners(cm.OwnerReferences, expected...); err != nil {
		return err
	}
	one := metav1.OwnerReference{Kind: "Database", Controller: ptr.To(true)}
	return sameOwners(cm.OwnerReferences, []metav1.OwnerReference{one}...)
}

// setOwners writes the references it is given: what reaches it is reported.
func setOwners(cm *corev1.ConfigMap, refs ...metav1.OwnerReference) {
	for _, r := range refs {
		cm.OwnerReferences = append(cm.OwnerReferences, r)
	}
}

// ownedBy forwards to setOwners.
func ownedBy(cm *corev1.ConfigMap, ref metav1.OwnerReference) {
	setOwners(cm, ref)
}

func ownConfigMap(db *Database, cm *corev1.ConfigMap) {
	ref := metav1.OwnerReference{Kind: db.Kind, Name: db.Name, UID: db.UID, Controller: ptr.To(true)} // want `controller owner reference without blockOwnerDeletion`
	ownedBy(cm, ref)
	setOwners(cm, metav1.OwnerReference{Kind: db.Kind, Name: db.Name, UID: db.UID, Controller: ptr.To(true)}) // want `controller owner reference without blockOwnerDeletion`
}

// pending keeps a reference in a struct field: it may be written later.
func pending(db *Database) ownerCheck {
	return ownerCheck{refs: []metav1.OwnerReference{{Kind: db.Kind, Name: db.Name, UID: db.UID, Controller: ptr.To(true)}}} // want `controller owner reference without blockOwnerDeletion`
}
