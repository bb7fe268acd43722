package directbase

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// AdapterForObjectOperation is what Model.AdapterForObject works on: the
// object and a reader to resolve its references with.
type AdapterForObjectOperation struct {
	// Reader reads the objects the object refers to.
	Reader client.Reader

	object *unstructured.Unstructured
}

// NewAdapterForObjectOperation returns the operation for u.
func NewAdapterForObjectOperation(reader client.Reader, u *unstructured.Unstructured) *AdapterForObjectOperation {
	return &AdapterForObjectOperation{Reader: reader, object: u}
}

// GetUnstructured returns the object.
func (o *AdapterForObjectOperation) GetUnstructured() *unstructured.Unstructured { return o.object }

// IsDeleting reports whether the object is being deleted.
func (o *AdapterForObjectOperation) IsDeleting() bool {
	return o.object.GetDeletionTimestamp() != nil
}

// operation is the part shared by the create, update and delete operations:
// the object and a client to record the cloud resource's state in its
// status.
type operation struct {
	client client.Client
	object *unstructured.Unstructured
}

// GetUnstructured returns the object.
func (o *operation) GetUnstructured() *unstructured.Unstructured { return o.object }

// UpdateStatus replaces the object's status with status (a pointer to a
// typed status struct) and writes it.
func (o *operation) UpdateStatus(ctx context.Context, status any) error {
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(status)
	if err != nil {
		return fmt.Errorf("converting status of %s: %w", o.object.GetName(), err)
	}
	o.object.Object["status"] = u
	return o.client.Status().Update(ctx, o.object)
}

// CreateOperation is what Adapter.Create works on.
type CreateOperation struct{ operation }

// NewCreateOperation returns the operation for u.
func NewCreateOperation(c client.Client, u *unstructured.Unstructured) *CreateOperation {
	return &CreateOperation{operation{client: c, object: u}}
}

// UpdateOperation is what Adapter.Update works on.
type UpdateOperation struct{ operation }

// NewUpdateOperation returns the operation for u.
func NewUpdateOperation(c client.Client, u *unstructured.Unstructured) *UpdateOperation {
	return &UpdateOperation{operation{client: c, object: u}}
}

// DeleteOperation is what Adapter.Delete works on.
type DeleteOperation struct{ operation }

// NewDeleteOperation returns the operation for u.
func NewDeleteOperation(c client.Client, u *unstructured.Unstructured) *DeleteOperation {
	return &DeleteOperation{operation{client: c, object: u}}
}
