// Package pods makes a Kennel's Dogs with an owner reference written as a
// literal (kind, name and UID of the Kennel), in a helper of its own.
package pods

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"ownerbyref/literalowner/api"
)

// DogFor returns the Dog the Kennel k keeps.
func DogFor(k *api.Kennel) *api.Dog {
	return &api.Dog{ObjectMeta: metav1.ObjectMeta{
		Name:      k.Name + "-dog",
		Namespace: k.Namespace,
		OwnerReferences: []metav1.OwnerReference{{
			APIVersion: api.GroupVersion.String(),
			Kind:       "Kennel",
			Name:       k.Name,
			UID:        k.UID,
			Controller: ptr.To(true),
		}},
	}}
}
