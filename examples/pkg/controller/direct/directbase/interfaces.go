// Package directbase is the framework of the example operator's "direct"
// controllers, modelled on Config Connector's: each cloud resource kind has a
// Model that builds an Adapter for one Kubernetes object, and a generic
// reconciler drives the adapter (find, then create, update or delete the
// cloud resource).
package directbase

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// Model builds adapters for the objects of one kind.
type Model interface {
	// AdapterForObject returns the adapter for the object of op. It
	// resolves the object's references to other objects; when a
	// referenced object does not exist it returns an error for which
	// deletion.IsDependencyNotFound is true.
	AdapterForObject(ctx context.Context, op *AdapterForObjectOperation) (Adapter, error)
}

// Adapter connects one Kubernetes object with its cloud resource.
type Adapter interface {
	// Find reports whether the cloud resource exists, and loads it.
	Find(ctx context.Context) (bool, error)
	// Create creates the cloud resource; Find reported that it does not
	// exist.
	Create(ctx context.Context, op *CreateOperation) error
	// Update brings the cloud resource in line with the object's spec;
	// Find reported that it exists.
	Update(ctx context.Context, op *UpdateOperation) error
	// Delete deletes the cloud resource and reports whether it existed.
	Delete(ctx context.Context, op *DeleteOperation) (bool, error)
	// Export returns the cloud resource as a Kubernetes object.
	Export(ctx context.Context) (*unstructured.Unstructured, error)
}
