// Stands for Cluster API's controllers/external package: a getter in
// another package that reads the object a spec reference names through the
// client it is given.
package external

import (
	"context"

	corev1 "k8s.io/api/core/v1"
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
