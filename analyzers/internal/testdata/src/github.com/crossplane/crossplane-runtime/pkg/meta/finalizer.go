package meta

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WasDeleted returns true if the supplied object was deleted from the API
// server.
func WasDeleted(o metav1.Object) bool {
	return !o.GetDeletionTimestamp().IsZero()
}

// FinalizerExists checks whether the supplied object has the finalizer.
func FinalizerExists(o metav1.Object, finalizer string) bool {
	for _, f := range o.GetFinalizers() {
		if f == finalizer {
			return true
		}
	}
	return false
}

// AddFinalizer to the supplied object's metadata.
func AddFinalizer(o metav1.Object, finalizer string) {
	if FinalizerExists(o, finalizer) {
		return
	}
	o.SetFinalizers(append(o.GetFinalizers(), finalizer))
}

// RemoveFinalizer from the supplied object's metadata.
func RemoveFinalizer(o metav1.Object, finalizer string) {
	kept := make([]string, 0, len(o.GetFinalizers()))
	for _, f := range o.GetFinalizers() {
		if f != finalizer {
			kept = append(kept, f)
		}
	}
	o.SetFinalizers(kept)
}
