// Correct and deliberate owner references that must not be reported: the blessed constructors, explicit choices, references that are not controllers, and fields set after the literal.
package literal

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/deletionlint/deletionlint/runtime/ownership"
)

var gvk = schema.GroupVersionKind{Group: "db.example.com", Version: "v1", Kind: "Database"}

func blocking(db *Database) metav1.OwnerReference {
	return metav1.OwnerReference{Name: db.Name, Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(true)}
}

func deliberate(db *Database) metav1.OwnerReference {
	return metav1.OwnerReference{Name: db.Name, Controller: ptr.To(true), BlockOwnerDeletion: ptr.To(false)}
}

func notController(db *Database) metav1.OwnerReference { // want notController:"returnsOwnerRefWithoutBlock"
	return metav1.OwnerReference{Name: db.Name, UID: db.UID}
}

func explicitlyNotController(db *Database) metav1.OwnerReference { // want explicitlyNotController:"returnsOwnerRefWithoutBlock"
	return metav1.OwnerReference{Name: db.Name, Controller: ptr.To(false)}
}

func unknownController(db *Database, controller bool) metav1.OwnerReference { // want unknownController:"returnsOwnerRefWithoutBlock"
	return metav1.OwnerReference{Name: db.Name, Controller: &controller}
}

func reassignedBool(db *Database, owned bool) metav1.OwnerReference { // want reassignedBool:"returnsOwnerRefWithoutBlock"
	isController := true
	if !owned {
		isController = false
	}
	return metav1.OwnerReference{Name: db.Name, Controller: &isController}
}

func setAfterwards(db *Database) metav1.OwnerReference {
	ref := metav1.OwnerReference{Name: db.Name, Controller: ptr.To(true)}
	ref.BlockOwnerDeletion = ptr.To(true)
	return ref
}

func setThroughPointer(db *Database) *metav1.OwnerReference {
	ref := &metav1.OwnerReference{Name: db.Name, Controller: ptr.To(true)}
	ref.BlockOwnerDeletion = ptr.To(false)
	return ref
}

func setByOption(db *Database) metav1.OwnerReference {
	ref := metav1.OwnerReference{Name: db.Name, Controller: ptr.To(true)}
	controllerutil.WithBlockOwnerDeletion(true)(&ref)
	return ref
}

func constructors(db *Database, cm *corev1.ConfigMap, scheme *runtime.Scheme) error {
	cm.OwnerReferences = append(cm.OwnerReferences, *metav1.NewControllerRef(db, gvk))
	ref, err := ownership.NewControllerRef(db, scheme)
	if err != nil {
		return err
	}
	cm.OwnerReferences = append(cm.OwnerReferences, ref)
	if err := ownership.SetControllerReference(db, cm, scheme); err != nil {
		return err
	}
	return controllerutil.SetControllerReference(db, cm, scheme)
}

func empty() metav1.OwnerReference { return metav1.OwnerReference{} }

func (in *Database) DeepCopyObject() runtime.Object { return in }

func normalised(db *Database, cm *corev1.ConfigMap) {
	cm.OwnerReferences = []metav1.OwnerReference{{Name: db.Name, Controller: ptr.To(true)}}
	for i := range cm.OwnerReferences {
		cm.OwnerReferences[i].BlockOwnerDeletion = ptr.To(true)
	}
}
