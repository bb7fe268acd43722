// Reproduces an operator whose children differ in what a foreground
// deletion of their owner leaves behind: a Deployment carries no finalizer
// of its own (only the order of deletion changes), a PersistentVolumeClaim
// does (protection), and so does a StatefulSet to which this operator adds
// a finalizer of its own.
package orderonly

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Cache struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func ref(c *Cache) metav1.OwnerReference { // want ref:`returnsControllerRefWithoutBlock`
	return metav1.OwnerReference{APIVersion: "example.com/v1", Kind: "Cache", Name: c.Name, UID: c.UID, Controller: ptr.To(true)} // want `controller owner reference without blockOwnerDeletion: a foreground deletion of the owner waits only for dependents that block it`
}

func deploymentFor(c *Cache) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{
		Name:            c.Name,
		OwnerReferences: []metav1.OwnerReference{ref(c)}, // want `ref returns a controller reference without blockOwnerDeletion: a foreground deletion of the owner does not wait for this Deployment; the garbage collector still deletes it, after the owner, so only the order changes unless a finalizer is added to it`
	}}
}

func claimFor(c *Cache) *corev1.PersistentVolumeClaim {
	return &corev1.PersistentVolumeClaim{ObjectMeta: metav1.ObjectMeta{
		Name:            c.Name,
		OwnerReferences: []metav1.OwnerReference{ref(c)}, // want `ref returns a controller reference without blockOwnerDeletion: a foreground deletion of the owner waits only for dependents that block it, so the owner can be gone while this object and its finalizers remain`
	}}
}

func statefulSetFor(c *Cache) *appsv1.StatefulSet {
	s := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{
		Name:            c.Name,
		OwnerReferences: []metav1.OwnerReference{ref(c)}, // want `ref returns a controller reference without blockOwnerDeletion: a foreground deletion of the owner waits only for dependents that block it`
	}}
	controllerutil.AddFinalizer(s, "example.com/drain")
	return s
}
