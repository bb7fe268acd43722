// Reproduces the same provider after its fix: Observe resolves the references only while the object is not being deleted, as crossplane-runtime itself resolves references only when !meta.WasDeleted.
package provider

import (
	"context"
	"errors"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/meta"
	"github.com/crossplane/crossplane-runtime/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

type guardedExternal struct {
	base
	kube client.Client
}

func (e *guardedExternal) Observe(ctx context.Context, mg resource.Managed) (managed.ExternalObservation, error) {
	obj, ok := mg.(*Object)
	if !ok {
		return managed.ExternalObservation{}, errors.New("not an Object")
	}
	if !meta.WasDeleted(obj) {
		if err := e.patch(ctx, obj); err != nil {
			return managed.ExternalObservation{}, err
		}
	}
	return managed.ExternalObservation{ResourceExists: true}, nil
}

func (e *guardedExternal) patch(ctx context.Context, obj *Object) error {
	for _, ref := range obj.Spec.References {
		u := &unstructured.Unstructured{}
		if err := e.kube.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, u); err != nil {
			return err
		}
	}
	return nil
}
