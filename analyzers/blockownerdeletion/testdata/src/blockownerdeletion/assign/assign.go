// Crossplane-style code that makes a controller reference by assigning Controller on a plain owner reference (meta.AsOwner, a zero value, a literal).
package assign

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"

	"github.com/crossplane/crossplane-runtime/pkg/meta"
)

var compositeKind = schema.GroupVersionKind{Group: "example.org", Version: "v1", Kind: "XDatabase"}

func asController(cr metav1.Object) metav1.OwnerReference { // want asController:"returnsControllerRefWithoutBlock"
	t := true
	ref := meta.AsOwner(meta.TypedReferenceTo(cr, compositeKind))
	ref.Controller = &t // want `controller owner reference without blockOwnerDeletion`
	return ref
}

func fromZero(cr metav1.Object, child metav1.Object) {
	var ref metav1.OwnerReference
	ref.Name = cr.GetName()
	ref.UID = cr.GetUID()
	ref.Controller = ptr.To(true) // want `controller owner reference without blockOwnerDeletion`
	child.SetOwnerReferences([]metav1.OwnerReference{ref})
}

func fromLiteral(cr metav1.Object, child metav1.Object) {
	ref := &metav1.OwnerReference{Name: cr.GetName(), UID: cr.GetUID()}
	ref.Controller = ptr.To(true) // want `controller owner reference without blockOwnerDeletion`
	child.SetOwnerReferences([]metav1.OwnerReference{*ref})
}

func blockedToo(cr metav1.Object, child metav1.Object) {
	ref := meta.AsOwner(meta.TypedReferenceTo(cr, compositeKind))
	ref.Controller = ptr.To(true)
	ref.BlockOwnerDeletion = ptr.To(true)
	child.SetOwnerReferences([]metav1.OwnerReference{ref})
}

func fromConstructor(cr metav1.Object, child metav1.Object) {
	ref := metav1.NewControllerRef(cr, compositeKind)
	ref.Controller = ptr.To(true)
	child.SetOwnerReferences([]metav1.OwnerReference{*ref})
}

func fromParameter(ref metav1.OwnerReference, child metav1.Object) {
	ref.Controller = ptr.To(true)
	child.SetOwnerReferences([]metav1.OwnerReference{ref})
}
