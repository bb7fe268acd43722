// Package refs reproduces an operator's shared owner-reference builder
// whose owner, kind and flags are all its caller's.
package refs

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// OwnerRef returns a reference to the object t and o describe, with the
// controller and blockOwnerDeletion flags the caller asks for.
func OwnerRef(t metav1.TypeMeta, o metav1.ObjectMeta, controller, block bool) metav1.OwnerReference { // want OwnerRef:"returnsOwnerRefWithoutBlock controller param 2 block param 3"
	return metav1.OwnerReference{
		APIVersion:         t.APIVersion,
		Kind:               t.Kind,
		Name:               o.Name,
		UID:                o.UID,
		Controller:         &controller,
		BlockOwnerDeletion: &block,
	}
}
