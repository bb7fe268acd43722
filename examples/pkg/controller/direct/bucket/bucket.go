// Package bucket is the direct model of Bucket objects. A Bucket refers to
// no other object, so its adapter needs nothing but the object itself.
package bucket

import (
	"context"
	"errors"
	"fmt"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"

	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
	"github.com/deletionlint/deletionlint/examples/pkg/cloud"
	"github.com/deletionlint/deletionlint/examples/pkg/controller/direct/directbase"
)

// Model builds adapters for Bucket objects.
type Model struct {
	// Cloud is where the buckets live.
	Cloud *cloud.Cloud
}

var _ directbase.Model = (*Model)(nil)

// AdapterForObject implements directbase.Model.
func (m *Model) AdapterForObject(_ context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &hostingv1alpha1.Bucket{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(op.GetUnstructured().Object, obj); err != nil {
		return nil, fmt.Errorf("reading Bucket %s: %w", op.GetUnstructured().GetName(), err)
	}
	return &Adapter{cloud: m.Cloud, obj: obj, id: cloud.BucketID(obj.Namespace, obj.Name)}, nil
}

// Adapter connects a Bucket object with its cloud bucket.
type Adapter struct {
	cloud  *cloud.Cloud
	obj    *hostingv1alpha1.Bucket
	id     string
	actual *cloud.Bucket
}

var _ directbase.Adapter = (*Adapter)(nil)

// Find implements directbase.Adapter.
func (a *Adapter) Find(ctx context.Context) (bool, error) {
	b, err := a.cloud.GetBucket(ctx, a.id)
	if errors.Is(err, cloud.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	a.actual = &b
	return true, nil
}

// Create implements directbase.Adapter.
func (a *Adapter) Create(ctx context.Context, op *directbase.CreateOperation) error {
	if _, err := a.cloud.CreateBucket(ctx, cloud.Bucket{ID: a.id, Location: a.obj.Spec.Location}); err != nil {
		return err
	}
	return op.UpdateStatus(ctx, &hostingv1alpha1.BucketStatus{ExternalRef: a.id})
}

// Update implements directbase.Adapter. A bucket's location cannot change.
func (a *Adapter) Update(ctx context.Context, op *directbase.UpdateOperation) error {
	if a.actual.Location != a.obj.Spec.Location {
		return fmt.Errorf("bucket %s is in %s: its location cannot be changed to %s", a.id, a.actual.Location, a.obj.Spec.Location)
	}
	return op.UpdateStatus(ctx, &hostingv1alpha1.BucketStatus{ExternalRef: a.id})
}

// Delete implements directbase.Adapter.
func (a *Adapter) Delete(ctx context.Context, _ *directbase.DeleteOperation) (bool, error) {
	err := a.cloud.DeleteBucket(ctx, a.id)
	if errors.Is(err, cloud.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// Export implements directbase.Adapter.
func (a *Adapter) Export(_ context.Context) (*unstructured.Unstructured, error) {
	if a.actual == nil {
		return nil, fmt.Errorf("bucket %s: %w", a.id, cloud.ErrNotFound)
	}
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(hostingv1alpha1.GroupVersion.WithKind("Bucket"))
	u.SetNamespace(a.obj.Namespace)
	u.SetName(a.obj.Name)
	if err := unstructured.SetNestedField(u.Object, a.actual.Location, "spec", "location"); err != nil {
		return nil, err
	}
	return u, nil
}
