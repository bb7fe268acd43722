// Package lookups is a library of helpers that reconcilers of other
// packages call: reads of referenced objects and finalizer edits.
package lookups

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SecretByRef reads the Secret that ref names and hands the client's
// error back as it is.
func SecretByRef(ctx context.Context, c client.Client, ref *corev1.SecretReference) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, s); err != nil {
		return nil, err
	}
	return s, nil
}

// OptionalSecret reads the Secret that ref names; a missing one is no
// Secret and no error.
func OptionalSecret(ctx context.Context, c client.Client, ref *corev1.SecretReference) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, s); err != nil {
		return nil, client.IgnoreNotFound(err)
	}
	return s, nil
}

// Refresh re-reads obj, whatever its kind, into itself.
func Refresh(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Get(ctx, client.ObjectKeyFromObject(obj), obj)
}

// DropFinalizer removes name from obj's finalizers, through obj's
// accessor, and writes obj back.
func DropFinalizer(ctx context.Context, c client.Client, name string, obj runtime.Object) error {
	fins, accessor, err := finalizersOf(obj)
	if err != nil {
		return err
	}
	var kept []string
	for _, f := range fins {
		if f != name {
			kept = append(kept, f)
		}
	}
	accessor.SetFinalizers(kept)
	return c.Update(ctx, obj.(client.Object))
}

// finalizersOf returns obj's finalizers and its accessor.
func finalizersOf(obj runtime.Object) ([]string, metav1.Object, error) {
	accessor, err := meta.Accessor(obj)
	if err != nil {
		return nil, nil, err
	}
	return accessor.GetFinalizers(), accessor, nil
}
