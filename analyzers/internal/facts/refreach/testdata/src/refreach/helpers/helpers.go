// Package helpers holds owner-reference helpers of another package than
// their callers: the facts say which parameters reach an object.
package helpers

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Adopt puts ref on obj.
func Adopt(obj metav1.Object, ref metav1.OwnerReference) { // want Adopt:`writesOwnerRefs\(1\)`
	obj.SetOwnerReferences(append(obj.GetOwnerReferences(), ref))
}

// AdoptAll hands refs to Adopt: a helper of a helper.
func AdoptAll(obj metav1.Object, refs ...metav1.OwnerReference) { // want AdoptAll:`writesOwnerRefs\(1\)`
	for _, r := range refs {
		Adopt(obj, r)
	}
}

// HasOwner only compares ref with the references obj has.
func HasOwner(obj metav1.Object, ref metav1.OwnerReference) bool {
	for _, r := range obj.GetOwnerReferences() {
		if r.UID == ref.UID {
			return true
		}
	}
	return false
}

// CheckOwner is an assertion: it returns an error, and sets nothing.
func CheckOwner(obj metav1.Object, want metav1.OwnerReference) error {
	if !HasOwner(obj, want) {
		return errMissing
	}
	return nil
}

// ConfigMapFor returns a ConfigMap owned through refs, and keeps
// unrelated in a local it only logs.
func ConfigMapFor(name string, refs []metav1.OwnerReference, unrelated metav1.OwnerReference) *corev1.ConfigMap { // want ConfigMapFor:`writesOwnerRefs\(1\)`
	_ = unrelated.Name
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, OwnerReferences: refs}}
}

type missing struct{}

func (missing) Error() string { return "owner reference missing" }

var errMissing error = missing{}
