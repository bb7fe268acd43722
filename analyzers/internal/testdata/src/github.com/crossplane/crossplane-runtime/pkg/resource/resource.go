// Package resource is a stub of github.com/crossplane/crossplane-runtime/pkg/resource:
// the managed resource interfaces and the API finalizer.
package resource

import (
	"context"

	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/meta"
)

// An Object is a Kubernetes object.
type Object interface {
	client.Object
}

// A Managed is a Kubernetes object representing a concrete managed
// resource (e.g. a CloudSQL instance).
type Managed interface {
	Object
	GetProviderConfigReference() *Reference
}

// A Reference to a named object.
type Reference struct {
	Name string
}

// A Finalizer manages the finalizers on the resource.
type Finalizer interface {
	AddFinalizer(ctx context.Context, obj Object) error
	RemoveFinalizer(ctx context.Context, obj Object) error
}

// An APIFinalizer adds and removes finalizers to and from a resource.
type APIFinalizer struct {
	client    client.Client
	finalizer string
}

// NewAPIFinalizer returns a new APIFinalizer.
func NewAPIFinalizer(c client.Client, finalizer string) *APIFinalizer {
	return &APIFinalizer{client: c, finalizer: finalizer}
}

// AddFinalizer to the supplied Managed resource.
func (a *APIFinalizer) AddFinalizer(ctx context.Context, obj Object) error {
	meta.AddFinalizer(obj, a.finalizer)
	return a.client.Update(ctx, obj)
}

// RemoveFinalizer from the supplied Managed resource.
func (a *APIFinalizer) RemoveFinalizer(ctx context.Context, obj Object) error {
	meta.RemoveFinalizer(obj, a.finalizer)
	return IgnoreNotFound(a.client.Update(ctx, obj))
}

// IgnoreNotFound returns the supplied error, or nil if the error indicates
// a Kubernetes resource was not found.
func IgnoreNotFound(err error) error {
	if kerrors.IsNotFound(err) {
		return nil
	}
	return err
}
