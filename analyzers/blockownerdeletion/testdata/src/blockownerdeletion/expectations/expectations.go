// Reproduces an end-to-end test framework's expectations: controller owner references without the owner's name and UID, passed in slices and variadic arguments to assertion helpers that compare them with what an object has; they are never written to an object. A reference with a name and UID passed the same way can be, and is reported.
package expectations

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// HasOwners fails unless obj has owner references of the expected kinds.
func HasOwners(obj metav1.Object, expected ...metav1.OwnerReference) error {
	for _, e := range expected {
		found := false
		for _, ref := range obj.GetOwnerReferences() {
			if ref.Kind == e.Kind && ref.APIVersion == e.APIVersion && ptr.Deref(ref.Controller, false) == ptr.Deref(e.Controller, false) {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("no owner reference of kind %s", e.Kind)
		}
	}
	return nil
}

// HasAllOwners is HasOwners with a slice.
func HasAllOwners(obj metav1.Object, expected []metav1.OwnerReference) error {
	return HasOwners(obj, expected...)
}

func checkMachine(obj metav1.Object) error {
	if err := HasOwners(obj, metav1.OwnerReference{APIVersion: "cluster.x-k8s.io/v1beta1", Kind: "MachineSet", Controller: ptr.To(true)}); err != nil {
		return err
	}
	return HasAllOwners(obj, []metav1.OwnerReference{
		{APIVersion: "cluster.x-k8s.io/v1beta1", Kind: "Cluster"},
		{APIVersion: "cluster.x-k8s.io/v1beta1", Kind: "MachineSet", Controller: ptr.To(true)},
	})
}

// adopt writes a controller reference built the same way, with the owner's
// identity: that one reaches an object.
func adopt(obj, owner metav1.Object) {
	obj.SetOwnerReferences([]metav1.OwnerReference{{APIVersion: "cluster.x-k8s.io/v1beta1", Kind: "MachineSet", Name: owner.GetName(), UID: owner.GetUID(), Controller: ptr.To(true)}}) // want `controller owner reference without blockOwnerDeletion`
}
