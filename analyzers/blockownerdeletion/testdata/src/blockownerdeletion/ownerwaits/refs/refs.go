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
