// Reproduces an operator on a reconciler library deletionlint cannot see, whose Cleanup (called only while deleting, as the deletion-entry-points setting declares) returns the not-found of the bucket its spec names, where a sibling treats it as already cleaned up.
package declared

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/declared/fw"
)

// The library is handed the implementations where the operator starts it.
var _ = []fw.Cleaner{(*uploadCleaner)(nil), (*tolerantCleaner)(nil)}

type Upload struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec UploadSpec
}

type UploadSpec struct {
	BucketConfig string
}

func (in *Upload) DeepCopyObject() runtime.Object { return in }

type uploadCleaner struct{ c client.Client }

func (u *uploadCleaner) Cleanup(ctx context.Context, obj client.Object) error {
	up := obj.(*Upload)
	cfg := &corev1.ConfigMap{}
	if err := u.c.Get(ctx, client.ObjectKey{Namespace: up.Namespace, Name: up.Spec.BucketConfig}, cfg); err != nil {
		return err // want `when the ConfigMap named by up.Spec.BucketConfig is already deleted, this return keeps Upload from ever reaching the removal of its finalizer: the framework calls Cleaner.Cleanup only while Upload is being deleted`
	}
	return nil
}

type tolerantCleaner struct{ c client.Client }

func (u *tolerantCleaner) Cleanup(ctx context.Context, obj client.Object) error {
	up := obj.(*Upload)
	cfg := &corev1.ConfigMap{}
	if err := u.c.Get(ctx, client.ObjectKey{Namespace: up.Namespace, Name: up.Spec.BucketConfig}, cfg); err != nil {
		return client.IgnoreNotFound(err)
	}
	return nil
}
