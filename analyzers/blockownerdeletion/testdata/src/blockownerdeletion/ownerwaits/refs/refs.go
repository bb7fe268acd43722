// Package refs edits owner references, as a utility package of an
// operator does.
package refs

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Replace returns refs with the reference to from replaced by to.
func Replace(refs []metav1.OwnerReference, from metav1.Object, to metav1.OwnerReference) []metav1.OwnerReference {
	out := []metav1.OwnerReference{to}
	for _, r := range refs {
		if r.UID != from.GetUID() {
			out = append(out, r)
		}
	}
	return out
}

// Swap puts to in place of the reference to from, in refs itself, or
// appends it when there is none.
func Swap(refs []metav1.OwnerReference, from metav1.Object, to metav1.OwnerReference) []metav1.OwnerReference {
	for i := range refs {
		if refs[i].UID == from.GetUID() {
			refs[i] = to
			return refs
		}
	}
	refs = append(refs, to)
	return refs
}
