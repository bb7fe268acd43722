// Reproduces a Crossplane provider whose finalizer also releases the finalizers it put on the objects its spec references: RemoveFinalizer reads each one first and returns the not-found, so once one is gone the managed reconciler never removes the Bucket's finalizer.
package provider

import (
	"context"
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/meta"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

type refFinalizers struct {
	kube client.Client
}

func (f *refFinalizers) AddFinalizer(ctx context.Context, obj resource.Object) error {
	meta.AddFinalizer(obj, bucketFinalizer)
	return f.kube.Update(ctx, obj)
}

func (f *refFinalizers) RemoveFinalizer(ctx context.Context, obj resource.Object) error {
	b, ok := obj.(*Bucket)
	if !ok {
		return errors.New("not a Bucket")
	}
	// The callback's removals act on the referenced objects, not on the
	// Bucket: they are not the removal this return keeps it from.
	err := f.eachReference(ctx, b, func(ctx context.Context, ref *unstructured.Unstructured) error {
		meta.RemoveFinalizer(ref, refFinalizer)
		return f.kube.Update(ctx, ref)
	})
	if err != nil {
		return err // want `when a referenced object that f.eachReference reads is already deleted, this return keeps Bucket from ever reaching the removal of finalizer "finalizer.managedresource.crossplane.io": managed.Reconciler.Reconcile calls Finalizer.RemoveFinalizer only while Bucket is being deleted, and keeps the finalizer while it fails; treat not-found as gone while deleting`
	}
	meta.RemoveFinalizer(b, bucketFinalizer)
	return f.kube.Update(ctx, b)
}

func (f *refFinalizers) eachReference(ctx context.Context, b *Bucket, fn func(context.Context, *unstructured.Unstructured) error) error {
	for _, ref := range b.Spec.References {
		u := &unstructured.Unstructured{}
		u.SetName(ref.Name)
		if err := f.kube.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, u); err != nil {
			return err
		}
		if err := fn(ctx, u); err != nil {
			return err
		}
	}
	return nil
}

// goneRefFinalizers skips the references that are gone: nothing is left
// to release on them.
type goneRefFinalizers struct {
	kube client.Client
}

func (f *goneRefFinalizers) AddFinalizer(ctx context.Context, obj resource.Object) error {
	meta.AddFinalizer(obj, bucketFinalizer)
	return f.kube.Update(ctx, obj)
}

func (f *goneRefFinalizers) RemoveFinalizer(ctx context.Context, obj resource.Object) error {
	b, ok := obj.(*Bucket)
	if !ok {
		return errors.New("not a Bucket")
	}
	if err := f.releaseReferences(ctx, b); err != nil {
		return err
	}
	meta.RemoveFinalizer(b, bucketFinalizer)
	return f.kube.Update(ctx, b)
}

func (f *goneRefFinalizers) releaseReferences(ctx context.Context, b *Bucket) error {
	for _, ref := range b.Spec.References {
		u := &unstructured.Unstructured{}
		err := f.kube.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, u)
		if apierrors.IsNotFound(err) {
			continue
		}
		if err != nil {
			return err
		}
		meta.RemoveFinalizer(u, refFinalizer)
		if err := f.kube.Update(ctx, u); err != nil {
			return err
		}
	}
	return nil
}
