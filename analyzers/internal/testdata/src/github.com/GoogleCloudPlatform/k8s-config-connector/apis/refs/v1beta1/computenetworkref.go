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

type ComputeNetworkRef struct {
	External  string `json:"external,omitempty"`
	Name      string `json:"name,omitempty"`
	Namespace string `json:"namespace,omitempty"`
}

var ComputeNetworkGVK = schema.GroupVersionKind{Group: "compute.cnrm.cloud.google.com", Version: "v1beta1", Kind: "ComputeNetwork"}

func (r *ComputeNetworkRef) GetGVK() schema.GroupVersionKind { return ComputeNetworkGVK }
func (r *ComputeNetworkRef) GetNamespacedName() types.NamespacedName {
	return types.NamespacedName{Namespace: r.Namespace, Name: r.Name}
}
func (r *ComputeNetworkRef) GetExternal() string               { return r.External }
func (r *ComputeNetworkRef) SetExternal(ref string)            { r.External = ref }
func (r *ComputeNetworkRef) ValidateExternal(ref string) error { return nil }
func (r *ComputeNetworkRef) Normalize(ctx context.Context, reader client.Reader, defaultNamespace string) error {
	return Normalize(ctx, reader, r, defaultNamespace)
}

// NormalizedExternal is the older spelling of reference resolution.
func (r *ComputeNetworkRef) NormalizedExternal(ctx context.Context, reader client.Reader, otherNamespace string) (string, error) {
	if r.External != "" {
		return r.External, nil
	}
	key := types.NamespacedName{Namespace: r.Namespace, Name: r.Name}
	if key.Namespace == "" {
		key.Namespace = otherNamespace
	}
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(ComputeNetworkGVK)
	if err := reader.Get(ctx, key, u); err != nil {
		if apierrors.IsNotFound(err) {
			return "", k8s.NewReferenceNotFoundError(u.GroupVersionKind(), key)
		}
		return "", fmt.Errorf("reading referenced %s %s: %w", ComputeNetworkGVK, key, err)
	}
	r.External, _, _ = unstructured.NestedString(u.Object, "status", "externalRef")
	if r.External == "" {
		return "", k8s.NewReferenceNotReadyError(u.GroupVersionKind(), key)
	}
	return r.External, nil
}
