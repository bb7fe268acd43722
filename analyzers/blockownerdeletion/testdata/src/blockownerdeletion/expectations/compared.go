package expectations

import (
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// requireOwner fails unless refs hold want: it only reads want.
func requireOwner(refs []metav1.OwnerReference, want metav1.OwnerReference) error {
	for _, r := range refs {
		if r.UID == want.UID && r.Kind == want.Kind && ptr.Deref(r.Controller, false) {
			return nil
		}
	}
	return errors.New("not owned by " + want.Name)
}

// verify keeps the reference it expects in a variable and only compares
// it with the object's: it is set on nothing.
func verify(obj, owner metav1.Object) error {
	want := metav1.OwnerReference{APIVersion: "cluster.x-k8s.io/v1beta1", Kind: "MachineSet", Name: owner.GetName(), UID: owner.GetUID(), Controller: ptr.To(true)}
	if len(obj.GetOwnerReferences()) == 0 || obj.GetOwnerReferences()[0] != want {
		return requireOwner(obj.GetOwnerReferences(), want)
	}
	return nil
}

// attach keeps it in a variable too, and appends it to the object's.
func attach(obj, owner metav1.Object) {
	ref := metav1.OwnerReference{APIVersion: "cluster.x-k8s.io/v1beta1", Kind: "MachineSet", Name: owner.GetName(), UID: owner.GetUID(), Controller: ptr.To(true)} // want `controller owner reference without blockOwnerDeletion`
	if requireOwner(obj.GetOwnerReferences(), ref) != nil {
		obj.SetOwnerReferences(append(obj.GetOwnerReferences(), ref))
	}
}
