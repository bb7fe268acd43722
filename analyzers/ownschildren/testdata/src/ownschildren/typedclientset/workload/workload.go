// Package workload reproduces an operator's helper package that writes the owner's children through a client-go typed clientset: a StatefulSet by server-side apply with an apply configuration, a ConfigMap created when missing and updated otherwise.
package workload

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"k8s.io/client-go/kubernetes"

	cachev1 "ownschildren/api/v1"
)

// ApplyStatefulSet applies the Memcached's StatefulSet.
func ApplyStatefulSet(ctx context.Context, cs kubernetes.Interface, m *cachev1.Memcached) error {
	ref := metav1ac.OwnerReference().
		WithAPIVersion(cachev1.GroupVersion.String()).
		WithKind("Memcached").
		WithName(m.Name).
		WithUID(m.UID).
		WithController(true).
		WithBlockOwnerDeletion(true)
	sts := appsv1ac.StatefulSet(m.Name, m.Namespace).WithOwnerReferences(ref)
	_, err := cs.AppsV1().StatefulSets(m.Namespace).Apply(ctx, sts, metav1.ApplyOptions{FieldManager: "memcached"})
	return err
}

// EnsureConfig writes the Memcached's ConfigMap.
func EnsureConfig(ctx context.Context, cs kubernetes.Interface, m *cachev1.Memcached) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{
		Name:            m.Name,
		OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(m, cachev1.GroupVersion.WithKind("Memcached"))},
	}}
	configMaps := cs.CoreV1().ConfigMaps(m.Namespace)
	if _, err := configMaps.Get(ctx, cm.Name, metav1.GetOptions{}); err != nil {
		if !errors.IsNotFound(err) {
			return err
		}
		_, err = configMaps.Create(ctx, cm, metav1.CreateOptions{})
		return err
	}
	_, err := configMaps.Update(ctx, cm, metav1.UpdateOptions{})
	return err
}
