// Package directbase is a stub of
// github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase:
// the Model/Adapter interfaces of Config Connector's direct controllers, in
// their newer form (AdapterForObject takes an *AdapterForObjectOperation).
package directbase

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Model is the entry-point for our per-object reconcilers
type Model interface {
	AdapterForObject(ctx context.Context, op *AdapterForObjectOperation) (Adapter, error)
	AdapterForURL(ctx context.Context, url string) (Adapter, error)
}

type Adapter interface {
	Delete(ctx context.Context, op *DeleteOperation) (deleted bool, err error)
	Find(ctx context.Context) (found bool, err error)
	Create(ctx context.Context, op *CreateOperation) error
	Update(ctx context.Context, op *UpdateOperation) error
	Export(ctx context.Context) (*unstructured.Unstructured, error)
}

type AdapterForObjectOperation struct {
	Reader client.Reader
	Object *unstructured.Unstructured
}

func (o *AdapterForObjectOperation) GetUnstructured() *unstructured.Unstructured {
	return o.Object
}

func (o *AdapterForObjectOperation) IsDeleting() bool {
	return !o.Object.GetDeletionTimestamp().IsZero()
}

type operationBase struct {
	client client.Client
	object *unstructured.Unstructured
}

func (o *operationBase) GetUnstructured() *unstructured.Unstructured { return o.object }

type CreateOperation struct{ operationBase }

type UpdateOperation struct{ operationBase }

type DeleteOperation struct {
	object *unstructured.Unstructured
}

func (o *DeleteOperation) GetUnstructured() *unstructured.Unstructured { return o.object }
