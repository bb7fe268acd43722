// Reproduces a shared resources package: a generic ensure helper, a builder that sets a controller reference, a
// generic filter that returns the objects of its prototype's kind, and an installer of objects of no known kind.
package resources

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/deletionlint/deletionlint/runtime/ownership"
)

func Ensure[T client.Object](ctx context.Context, c client.Client, owner client.Object, obj T, scheme *runtime.Scheme) error { // want Ensure:`children\(owns param 3 for param 2 blocking creates param 3\)`
	if err := controllerutil.SetControllerReference(owner, obj, scheme); err != nil {
		return err
	}
	return c.Create(ctx, obj)
}

func Secret(owner client.Object, scheme *runtime.Scheme) (*corev1.Secret, error) { // want Secret:`children\(owns k8s.io/api/core/v1.Secret\)`
	ref, err := ownership.NewControllerRef(owner, scheme)
	if err != nil {
		return nil, err
	}
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: owner.GetName(), OwnerReferences: []metav1.OwnerReference{ref}}}, nil
}

// OfKind returns the objects of objs that have proto's type.
func OfKind[T client.Object](proto T, objs []runtime.Object) []T { // want OfKind:`children\(returns the kind of param 0\)`
	var out []T
	for _, o := range objs {
		if t, ok := o.(T); ok {
			out = append(out, t)
		}
	}
	return out
}

// Install creates an object whose kind its data decides.
func Install(ctx context.Context, c client.Client, data map[string]any) error { // want Install:`^children\(creates objects of unknown kind\)$`
	return c.Create(ctx, &unstructured.Unstructured{Object: data})
}

// Passes creates the object it is given: its kind is known at each call.
func Passes(ctx context.Context, c client.Client, obj client.Object) error { // want Passes:`^children\(creates param 2\)$`
	return c.Create(ctx, obj)
}
