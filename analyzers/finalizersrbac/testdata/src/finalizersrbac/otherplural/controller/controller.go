// A controller that makes ConfigMaps owned by objects of another project's
// API, whose resources its hand-written role names with hyphens: the
// grant it lacks is spelt as the role spells the resource, and a grant
// spelt so is a grant.
package controller

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	tunnelv1 "finalizersrbac/tunnelapi/v1"
)

func forTunnel(t *tunnelv1.NetworkTunnel) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	cm.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(t, tunnelv1.SchemeGroupVersion.WithKind("NetworkTunnel"))} // want `reference to a NetworkTunnel.*unless the controller may update network-tunnels/finalizers: no role grants it; add a rule to the controller.s roles under deploy: apiGroups \["tunnels.example.com"\], resources \[network-tunnels/finalizers\]`
	return cm
}

func forLink(l *tunnelv1.NetworkLink) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	cm.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(l, tunnelv1.SchemeGroupVersion.WithKind("NetworkLink"))} // granted as network-links/finalizers
	return cm
}
