// Package v1beta1 is a stub of
// github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1: the
// reference types and resolvers that direct controllers call.
package v1beta1

import (
	"context"
	"fmt"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/k8s"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ExternalNormalizer interface {
	NormalizedExternal(ctx context.Context, reader client.Reader, otherNamespace string) (string, error)
}

type Ref interface {
	GetGVK() schema.GroupVersionKind
	GetNamespacedName() types.NamespacedName
	GetExternal() string
	SetExternal(ref string)
	ValidateExternal(ref string) error
	Normalize(ctx context.Context, reader client.Reader, defaultNamespace string) error
}

func Normalize(ctx context.Context, reader client.Reader, ref Ref, defaultNamespace string) error {
	return NormalizeWithFallback(ctx, reader, ref, defaultNamespace, nil)
}

func NormalizeWithFallback(ctx context.Context, reader client.Reader, ref Ref, defaultNamespace string, fallback func(u *unstructured.Unstructured) string) error {
	if ref.GetExternal() == "" {
		key := ref.GetNamespacedName()
		if key.Namespace == "" {
			key.Namespace = defaultNamespace
		}
		u := &unstructured.Unstructured{}
		u.SetGroupVersionKind(ref.GetGVK())
		if err := reader.Get(ctx, key, u); err != nil {
			if apierrors.IsNotFound(err) {
				return k8s.NewReferenceNotFoundError(u.GroupVersionKind(), key)
			}
			return fmt.Errorf("reading referenced %s %s: %w", ref.GetGVK(), key, err)
		}
		externalRef, _, err := unstructured.NestedString(u.Object, "status", "externalRef")
		if err != nil {
			return fmt.Errorf("reading status.externalRef: %w", err)
		}
		if externalRef == "" && fallback != nil {
			externalRef = fallback(u)
		}
		if externalRef == "" {
			return k8s.NewReferenceNotReadyError(u.GroupVersionKind(), key)
		}
		ref.SetExternal(externalRef)
	}
	return ref.ValidateExternal(ref.GetExternal())
}
