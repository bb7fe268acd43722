// Package manifests reproduces an operator's generator functions: each is given the owner's reference and puts it in the metadata of the object it builds, or appends it to an object it is given.
package manifests

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Deployment builds the workload.
func Deployment(name string, ref metav1.OwnerReference) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name, OwnerReferences: []metav1.OwnerReference{ref}}}
}

// Service builds the workload's Service.
func Service(name string, ref metav1.OwnerReference) *corev1.Service {
	svc := &corev1.Service{}
	svc.OwnerReferences = append(svc.OwnerReferences, ref)
	return svc
}

// All builds every object of the owner.
func All(name string, ref metav1.OwnerReference) []client.Object {
	return []client.Object{Deployment(name, ref), Service(name, ref)}
}

// AddOwnerRef appends ref to obj's owner references.
func AddOwnerRef(obj metav1.Object, ref metav1.OwnerReference) {
	obj.SetOwnerReferences(append(obj.GetOwnerReferences(), ref))
}
