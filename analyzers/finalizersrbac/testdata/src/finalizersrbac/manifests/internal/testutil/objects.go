// Package testutil builds objects for the controller's tests (a test-support package, not a _test.go file): its owner references never reach a cluster under the controller's role, so the missing Gizmo permission is not reported here.
package testutil

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// OwnedConfigMap returns a ConfigMap controlled by g.
func OwnedConfigMap(g *appsv1.Gizmo) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{
		OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(g, appsv1.GroupVersion.WithKind("Gizmo"))},
	}}
}
