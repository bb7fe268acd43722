// Package client is a stub of sigs.k8s.io/controller-runtime/pkg/client.
package client

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"

	"sigs.k8s.io/controller-runtime/pkg/cache/cacheapi"
)

// Object is an alias, as in controller-runtime v0.25 (before, it was an
// interface of its own; the stub of crv014 keeps that shape).
type Object = cacheapi.Object

type ObjectList interface {
	runtime.Object
}

type ObjectKey = types.NamespacedName

func ObjectKeyFromObject(obj Object) ObjectKey {
	return ObjectKey{Namespace: obj.GetNamespace(), Name: obj.GetName()}
}

type Patch interface {
	Type() types.PatchType
	Data(obj Object) ([]byte, error)
}

type GetOption interface{ ApplyToGet(*GetOptions) }
type ListOption interface{ ApplyToList(*ListOptions) }
type CreateOption interface{ ApplyToCreate(*CreateOptions) }
type DeleteOption interface{ ApplyToDelete(*DeleteOptions) }
type UpdateOption interface{ ApplyToUpdate(*UpdateOptions) }
type PatchOption interface{ ApplyToPatch(*PatchOptions) }
type ApplyOption interface{ ApplyToApply(*ApplyOptions) }
type DeleteAllOfOption interface{ ApplyToDeleteAllOf(*DeleteAllOfOptions) }
type SubResourceUpdateOption interface {
	ApplyToSubResourceUpdate(*SubResourceUpdateOptions)
}
type SubResourcePatchOption interface {
	ApplyToSubResourcePatch(*SubResourcePatchOptions)
}

type GetOptions struct{}
type ListOptions struct{ Namespace string }
type CreateOptions struct{ DryRun []string }
type DeleteOptions struct {
	PropagationPolicy *metav1.DeletionPropagation
}
type UpdateOptions struct{}
type PatchOptions struct{}
type ApplyOptions struct{}
type DeleteAllOfOptions struct{}
type SubResourceUpdateOptions struct{}
type SubResourcePatchOptions struct{}

// PropagationPolicy determines the handling of dependent objects on deletion.
type PropagationPolicy metav1.DeletionPropagation

func (p PropagationPolicy) ApplyToDelete(opts *DeleteOptions) {
	policy := metav1.DeletionPropagation(p)
	opts.PropagationPolicy = &policy
}
func (p PropagationPolicy) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

type InNamespace string

func (n InNamespace) ApplyToList(opts *ListOptions) {}

type MatchingLabels map[string]string

func (m MatchingLabels) ApplyToList(opts *ListOptions)               {}
func (m MatchingLabels) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

type FieldOwner string

func (f FieldOwner) ApplyToPatch(opts *PatchOptions)   {}
func (f FieldOwner) ApplyToApply(opts *ApplyOptions)   {}
func (f FieldOwner) ApplyToCreate(opts *CreateOptions) {}
func (f FieldOwner) ApplyToUpdate(opts *UpdateOptions) {}

// ApplyToCreate lets options be given as a whole.
func (o *CreateOptions) ApplyToCreate(*CreateOptions) {}

// DryRunAll sets the "dry run" option to "all": nothing is persisted.
var DryRunAll = dryRunAll{}

type dryRunAll struct{}

func (dryRunAll) ApplyToCreate(*CreateOptions) {}
func (dryRunAll) ApplyToPatch(*PatchOptions)   {}
func (dryRunAll) ApplyToApply(*ApplyOptions)   {}
func (dryRunAll) ApplyToUpdate(*UpdateOptions) {}

var ForceOwnership = forceOwnership{}

type forceOwnership struct{}

func (forceOwnership) ApplyToPatch(opts *PatchOptions) {}
func (forceOwnership) ApplyToApply(opts *ApplyOptions) {}

type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object, opts ...GetOption) error
	List(ctx context.Context, list ObjectList, opts ...ListOption) error
}

type Writer interface {
	Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...ApplyOption) error
	Create(ctx context.Context, obj Object, opts ...CreateOption) error
	Delete(ctx context.Context, obj Object, opts ...DeleteOption) error
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error
	DeleteAllOf(ctx context.Context, obj Object, opts ...DeleteAllOfOption) error
}

type SubResourceWriter interface {
	Update(ctx context.Context, obj Object, opts ...SubResourceUpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...SubResourcePatchOption) error
}

type StatusClient interface {
	Status() SubResourceWriter
}

type Client interface {
	Reader
	Writer
	StatusClient
	Scheme() *runtime.Scheme
	RESTMapper() meta.RESTMapper
	GroupVersionKindFor(obj runtime.Object) (schema.GroupVersionKind, error)
	IsObjectNamespaced(obj runtime.Object) (bool, error)
}

func IgnoreNotFound(err error) error { return err }

func IgnoreAlreadyExists(err error) error { return err }

func MergeFrom(obj Object) Patch { return nil }

type MergeFromOption interface{}

type MergeFromWithOptimisticLock struct{}

func MergeFromWithOptions(obj Object, opts ...MergeFromOption) Patch { return nil }

func RawPatch(patchType types.PatchType, data []byte) Patch { return nil }

var Apply Patch

var Merge Patch
