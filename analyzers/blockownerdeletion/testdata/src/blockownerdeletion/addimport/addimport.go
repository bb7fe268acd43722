// With all-owner-references on, in a file that imports no pointer helper: the fix adds k8s.io/utils/ptr.
package addimport

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func ref(owner metav1.Object) metav1.OwnerReference { // want ref:"returnsOwnerRefWithoutBlock"
	return metav1.OwnerReference{Name: owner.GetName(), UID: owner.GetUID()} // want `owner reference without blockOwnerDeletion`
}
