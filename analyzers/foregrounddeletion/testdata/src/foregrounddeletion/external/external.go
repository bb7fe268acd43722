// Stands for Cluster API's controllers/external package: a getter in
// another package that reads the object a spec reference names through the
// client it is given.
package external

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Get reads the object ref names, in namespace.
func Get(ctx context.Context, c client.Reader, ref corev1.ObjectReference, namespace string) (*unstructured.Unstructured, error) {
	obj := &unstructured.Unstructured{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: namespace, Name: ref.Name}, obj); err != nil {
		return nil, err
	}
	return obj, nil
}

// Secrets reads the Secrets names, in namespace, skipping those gone.
func Secrets(ctx context.Context, c client.Reader, namespace string, names []string) ([]corev1.Secret, error) {
	var out []corev1.Secret
	for _, name := range names {
		s := corev1.Secret{}
		if err := c.Get(ctx, types.NamespacedName{Namespace: namespace, Name: name}, &s); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// Claims reads the named volume claims, skipping those that are gone.
func Claims(ctx context.Context, c client.Reader, namespace string, names []string) ([]corev1.PersistentVolumeClaim, error) {
	var out []corev1.PersistentVolumeClaim
	for _, name := range names {
		pvc := corev1.PersistentVolumeClaim{}
		if err := c.Get(ctx, types.NamespacedName{Namespace: namespace, Name: name}, &pvc); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return nil, err
		}
		out = append(out, pvc)
	}
	return out, nil
}
