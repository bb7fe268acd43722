// With all-owner-references on: plain (non-controller) owner references, as Cluster API providers set on their infrastructure objects, are reported too.
package allrefs

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	xpv1 "github.com/crossplane/crossplane-runtime/apis/common/v1"
	"github.com/crossplane/crossplane-runtime/pkg/meta"
)

func owned(owner metav1.Object, cm *corev1.ConfigMap) {
	cm.SetOwnerReferences([]metav1.OwnerReference{{ // want `owner reference without blockOwnerDeletion`
		APIVersion: "cluster.x-k8s.io/v1beta1",
		Kind:       "Cluster",
		Name:       owner.GetName(),
		UID:        owner.GetUID(),
	}})
	meta.AddOwnerReference(cm, meta.AsOwner(&xpv1.TypedReference{Name: owner.GetName()})) // want `meta.AsOwner returns an owner reference without blockOwnerDeletion`
	cm.OwnerReferences = append(cm.OwnerReferences, metav1.OwnerReference{Name: owner.GetName(), BlockOwnerDeletion: ptr.To(true)})
	cm.OwnerReferences = append(cm.OwnerReferences, metav1.OwnerReference{})
}
