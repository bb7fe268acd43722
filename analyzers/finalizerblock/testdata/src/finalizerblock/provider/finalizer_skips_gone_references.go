// Reproduces the same provider after its fix: the helper that visits the referenced objects skips the gone ones when asked (ignoreNotFound), and RemoveFinalizer asks; AddFinalizer, on the normal path, needs every one.
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

type skippingFinalizers struct {
	kube client.Client
}

func (f *skippingFinalizers) AddFinalizer(ctx context.Context, obj resource.Object) error {
	b := obj.(*Bucket)
	meta.AddFinalizer(b, bucketFinalizer)
	if err := f.kube.Update(ctx, b); err != nil {
		return err
	}
	return f.visit(ctx, b, false, func(ctx context.Context, u *unstructured.Unstructured) error {
		meta.AddFinalizer(u, refFinalizer)
		return f.kube.Update(ctx, u)
	})
}

func (f *skippingFinalizers) RemoveFinalizer(ctx context.Context, obj resource.Object) error {
	b, ok := obj.(*Bucket)
	if !ok {
		return errors.New("not a Bucket")
	}
	err := f.visit(ctx, b, true, func(ctx context.Context, u *unstructured.Unstructured) error {
		meta.RemoveFinalizer(u, refFinalizer)
		return f.kube.Update(ctx, u)
	})
	if err != nil {
		return err
	}
	meta.RemoveFinalizer(b, bucketFinalizer)
	return f.kube.Update(ctx, b)
}

func (f *skippingFinalizers) visit(ctx context.Context, b *Bucket, ignoreNotFound bool, fn func(context.Context, *unstructured.Unstructured) error) error {
	for _, ref := range b.Spec.References {
		u := &unstructured.Unstructured{}
		err := f.kube.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, u)
		if err != nil {
			if ignoreNotFound && apierrors.IsNotFound(err) {
				continue
			}
			return err
		}
		if err := fn(ctx, u); err != nil {
			return err
		}
	}
	return nil
}
