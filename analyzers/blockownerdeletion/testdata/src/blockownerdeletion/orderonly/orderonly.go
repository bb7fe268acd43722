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

// plainRef is set only on objects without finalizers of their own: its
// finding says that only the order changes, and names them.
func plainRef(c *Cache) metav1.OwnerReference { // want plainRef:`returnsControllerRefWithoutBlock`
	return metav1.OwnerReference{APIVersion: "example.com/v1", Kind: "Cache", Name: c.Name, UID: c.UID, Controller: ptr.To(true)} // want `controller owner reference without blockOwnerDeletion: a foreground deletion of the owner does not wait for the objects it is set on \(Deployment, ConfigMap\); the garbage collector still deletes them, after the owner, so only the order changes unless a finalizer is added to them`
}

func plainDeployment(c *Cache) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: c.Name, OwnerReferences: []metav1.OwnerReference{plainRef(c)}}}
}

func plainConfigMap(c *Cache) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: c.Name, OwnerReferences: []metav1.OwnerReference{plainRef(c)}}}
}

func deploymentFor(c *Cache) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{
		Name:            c.Name,
		OwnerReferences: []metav1.OwnerReference{ref(c)}, // reported at ref's literal, which names this use
	}}
}

func claimFor(c *Cache) *corev1.PersistentVolumeClaim {
	return &corev1.PersistentVolumeClaim{ObjectMeta: metav1.ObjectMeta{
		Name:            c.Name,
		OwnerReferences: []metav1.OwnerReference{ref(c)}, // reported at ref's literal, which names this use
	}}
}

func statefulSetFor(c *Cache) *appsv1.StatefulSet {
	s := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{
		Name:            c.Name,
		OwnerReferences: []metav1.OwnerReference{ref(c)}, // reported at ref's literal, which names this use
	}}
	controllerutil.AddFinalizer(s, "example.com/drain")
	return s
}
