// An operator that builds the controller reference of its StatefulSet inline with ptr.To (the usual hand-rolled shape).
package literal

import (
	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

type Database struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func statefulSetFor(db *Database) *appsv1.StatefulSet {
	return &appsv1.StatefulSet{
		ObjectMeta: metav1.ObjectMeta{
			Name:      db.Name,
			Namespace: db.Namespace,
			OwnerReferences: []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion: a foreground deletion of the owner does not wait for this StatefulSet; the garbage collector still deletes it, after the owner, so only the order changes`
				APIVersion: db.APIVersion,
				Kind:       db.Kind,
				Name:       db.Name,
				UID:        db.UID,
				Controller: ptr.To(true),
			}},
		},
	}
}
