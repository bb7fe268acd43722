// Package bucketpolicy is the direct model of BucketPolicy objects. A policy
// is attached to a bucket, so its adapter needs the cloud ID of the Bucket
// named in spec.bucketRef, except while the policy is being deleted: then the
// policy's own cloud ID, recorded in status.externalRef, is enough.
package bucketpolicy

import (
	"context"
	"errors"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/deletion"

	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
	"github.com/deletionlint/deletionlint/examples/pkg/cloud"
	"github.com/deletionlint/deletionlint/examples/pkg/controller/direct/directbase"
)

// Model builds adapters for BucketPolicy objects.
type Model struct {
	// Cloud is where the buckets and their policies live.
	Cloud *cloud.Cloud
}

var _ directbase.Model = (*Model)(nil)

// AdapterForObject implements directbase.Model. While the policy is being
// deleted and its cloud policy is known, the adapter is built from
// status.externalRef without reading the Bucket, which may be gone already.
func (m *Model) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &hostingv1alpha1.BucketPolicy{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(op.GetUnstructured().Object, obj); err != nil {
		return nil, fmt.Errorf("reading BucketPolicy %s: %w", op.GetUnstructured().GetName(), err)
	}

	return deletion.BuildAdapter(ctx, obj, deletion.AdapterBuilder[directbase.Adapter]{
		ExternalRef: func() (string, bool) {
			return obj.Status.ExternalRef, obj.Status.ExternalRef != ""
		},
		FromExternal: func(_ context.Context, externalRef string) (directbase.Adapter, error) {
			return &Adapter{cloud: m.Cloud, obj: obj, id: externalRef}, nil
		},
		FromSpec: func(ctx context.Context) (directbase.Adapter, error) {
			bucketID, err := resolveBucketRef(ctx, op.Reader, obj.Namespace, obj.Spec.BucketRef)
			if err != nil {
				return nil, err
			}
			return &Adapter{cloud: m.Cloud, obj: obj, id: cloud.PolicyID(bucketID), bucketID: bucketID}, nil
		},
	})
}

// resolveBucketRef returns the cloud ID of the Bucket ref names, or a
// dependency-not-found error when that Bucket does not exist or has no
// cloud bucket yet.
func resolveBucketRef(ctx context.Context, reader client.Reader, namespace string, ref hostingv1alpha1.BucketRef) (string, error) {
	bucket := &hostingv1alpha1.Bucket{}
	if err := reader.Get(ctx, types.NamespacedName{Namespace: namespace, Name: ref.Name}, bucket); err != nil {
		if apierrors.IsNotFound(err) {
			return "", deletion.NewDependencyNotFound("Bucket", namespace, ref.Name, err)
		}
		return "", fmt.Errorf("reading Bucket %s/%s: %w", namespace, ref.Name, err)
	}
	if bucket.Status.ExternalRef == "" {
		return "", deletion.NewDependencyNotFound("Bucket", namespace, ref.Name, errors.New("bucket not created yet"))
	}
	return bucket.Status.ExternalRef, nil
}

// Adapter connects a BucketPolicy object with the policy of its cloud
// bucket.
type Adapter struct {
	cloud *cloud.Cloud
	obj   *hostingv1alpha1.BucketPolicy
	// id is the cloud policy's ID.
	id string
	// bucketID is the cloud bucket's ID; it is known only when the adapter
	// was built from the spec, which is always the case for Create and
	// Update.
	bucketID string
	actual   *cloud.BucketPolicy
}

var _ directbase.Adapter = (*Adapter)(nil)

// Find implements directbase.Adapter.
func (a *Adapter) Find(ctx context.Context) (bool, error) {
	p, err := a.cloud.GetBucketPolicy(ctx, a.id)
	if errors.Is(err, cloud.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	a.actual = &p
	return true, nil
}

// Create implements directbase.Adapter.
func (a *Adapter) Create(ctx context.Context, op *directbase.CreateOperation) error {
	p, err := a.cloud.SetBucketPolicy(ctx, cloud.BucketPolicy{BucketID: a.bucketID, PublicRead: a.obj.Spec.PublicRead})
	if err != nil {
		return err
	}
	return op.UpdateStatus(ctx, &hostingv1alpha1.BucketPolicyStatus{ExternalRef: p.ID})
}

// Update implements directbase.Adapter.
func (a *Adapter) Update(ctx context.Context, op *directbase.UpdateOperation) error {
	if a.actual.PublicRead != a.obj.Spec.PublicRead {
		if _, err := a.cloud.SetBucketPolicy(ctx, cloud.BucketPolicy{BucketID: a.bucketID, PublicRead: a.obj.Spec.PublicRead}); err != nil {
			return err
		}
	}
	return op.UpdateStatus(ctx, &hostingv1alpha1.BucketPolicyStatus{ExternalRef: a.id})
}

// Delete implements directbase.Adapter.
func (a *Adapter) Delete(ctx context.Context, _ *directbase.DeleteOperation) (bool, error) {
	err := a.cloud.DeleteBucketPolicy(ctx, a.id)
	if errors.Is(err, cloud.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// Export implements directbase.Adapter.
func (a *Adapter) Export(_ context.Context) (*unstructured.Unstructured, error) {
	if a.actual == nil {
		return nil, fmt.Errorf("bucket policy %s: %w", a.id, cloud.ErrNotFound)
	}
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(hostingv1alpha1.GroupVersion.WithKind("BucketPolicy"))
	u.SetNamespace(a.obj.Namespace)
	u.SetName(a.obj.Name)
	if err := unstructured.SetNestedField(u.Object, a.actual.PublicRead, "spec", "publicRead"); err != nil {
		return nil, err
	}
	return u, nil
}
