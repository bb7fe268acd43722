// Reconcilers that take their controller references from builders in other packages and modules (helpers, crossplane-runtime's meta.AsController before it set BlockOwnerDeletion).
package callers

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"

	"github.com/crossplane/crossplane-runtime/pkg/meta"

	"blockownerdeletion/helpers"
)

var xrKind = schema.GroupVersionKind{Group: "example.org", Version: "v1", Kind: "XBucket"}

func compose(xr metav1.Object, cd *corev1.ConfigMap) {
	meta.AddOwnerReference(cd, meta.AsController(meta.TypedReferenceTo(xr, xrKind))) // want `meta.AsController returns a controller reference without blockOwnerDeletion: a foreground deletion of the owner waits only for dependents that block it, so the owner can be gone while this object and its finalizers remain; set BlockOwnerDeletion to true on the result or use ownership.NewControllerRef`
}

func composeBlocking(xr metav1.Object, cd *corev1.ConfigMap) {
	ref := meta.AsController(meta.TypedReferenceTo(xr, xrKind))
	ref.BlockOwnerDeletion = ptr.To(true)
	meta.AddOwnerReference(cd, ref)
}

func ownedBy(c *helpers.Cache, pod *corev1.Pod) error {
	pod.OwnerReferences = []metav1.OwnerReference{helpers.CacheAsOwner(c)}                                     // want `helpers.CacheAsOwner returns a controller reference without blockOwnerDeletion`
	pod.OwnerReferences = append(pod.OwnerReferences, *helpers.AsOwnerRef(c, "cache.example.com/v1", "Cache")) // want `helpers.AsOwnerRef returns a controller reference`
	pod.OwnerReferences = append(pod.OwnerReferences, helpers.Wrapped(c))                                      // want `helpers.Wrapped returns a controller reference`
	ref, err := helpers.Refs{APIVersion: "cache.example.com/v1"}.ControllerRef(c)                              // want `helpers.Refs.ControllerRef returns a controller reference`
	if err != nil {
		return err
	}
	pod.OwnerReferences = append(pod.OwnerReferences, ref, helpers.Blocking(c), meta.AsOwner(meta.TypedReferenceTo(c, xrKind)))
	return nil
}

func ownedByFixed(c *helpers.Cache, pod *corev1.Pod) {
	ref := helpers.AsOwnerRef(c, "cache.example.com/v1", "Cache")
	ref.BlockOwnerDeletion = ptr.To(true)
	pod.OwnerReferences = append(pod.OwnerReferences, *ref)
}
