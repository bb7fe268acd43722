// Reproduces a Crossplane provider whose Observe patches values from the objects its spec references before anything else, also while the object is being deleted: once a referenced object is gone Observe fails on every retry and the managed reconciler never removes the finalizer.
package provider

import (
	"context"
	"errors"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

type resolvingExternal struct {
	base
	kube client.Client
}

func (e *resolvingExternal) Observe(ctx context.Context, mg resource.Managed) (managed.ExternalObservation, error) {
	obj, ok := mg.(*Object)
	if !ok {
		return managed.ExternalObservation{}, errors.New("not an Object")
	}
	if err := e.patchFromReferences(ctx, obj); err != nil { // want `Observe resolves a dependency \(e.patchFromReferences, which returns an error when the referenced object is not found\) before checking whether Object is being deleted: managed.Reconciler.Reconcile calls ExternalClient.Observe on every reconcile, also while Object is being deleted, and keeps its finalizer while it fails, so once the referenced object is gone the finalizer is never removed; check deletion first and do not resolve references while deleting`
		return managed.ExternalObservation{}, err
	}
	return managed.ExternalObservation{ResourceExists: true}, nil
}

func (e *resolvingExternal) patchFromReferences(ctx context.Context, obj *Object) error {
	for _, ref := range obj.Spec.References {
		u := &unstructured.Unstructured{}
		if err := e.kube.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, u); err != nil {
			return err
		}
	}
	return nil
}
