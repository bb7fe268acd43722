// Controllers that own a Secret and a ConfigMap they create, with no finalizer of their own, and a usage marker whose controller reference deliberately does not block its owner's deletion.
package literal

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

func credentialsFor(db *Database) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{
		Name: db.Name + "-credentials",
		OwnerReferences: []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion: a foreground deletion of the owner does not wait for this Secret; the garbage collector still deletes it, after the owner`
			Kind: db.Kind, Name: db.Name, UID: db.UID, Controller: ptr.To(true),
		}},
	}}
}

func settingsFor(db *Database, cm *corev1.ConfigMap) {
	cm.OwnerReferences = []metav1.OwnerReference{{Kind: db.Kind, Name: db.Name, UID: db.UID, Controller: ptr.To(true)}} // want `does not wait for this ConfigMap`
}

// usage marks that db uses a shared configuration; deleting db must not
// wait for the marker, so the reference says so explicitly.
type usage struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func usageOf(db *Database) *usage {
	return &usage{ObjectMeta: metav1.ObjectMeta{
		Name: db.Name + "-usage",
		OwnerReferences: []metav1.OwnerReference{{
			Kind: db.Kind, Name: db.Name, UID: db.UID, Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(false),
		}},
	}}
}
