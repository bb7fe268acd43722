// Package pubsubrefs reproduces a reference type of an apis/ package whose resolution method reads the referenced object and hands the client's own error on: its not-found fails every retry once the object is gone.
package pubsubrefs

import (
	"context"
	"fmt"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/k8s"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SchemaRef names a Schema.
type SchemaRef struct {
	Name, Namespace, External string
}

// Resolve returns the Schema's external name.
func (r *SchemaRef) Resolve(ctx context.Context, reader client.Reader) (string, error) {
	if r.External != "" {
		return r.External, nil
	}
	key := types.NamespacedName{Name: r.Name, Namespace: r.Namespace}
	u := &unstructured.Unstructured{}
	if err := reader.Get(ctx, key, u); err != nil {
		return "", fmt.Errorf("reading Schema %v: %w", key, err)
	}
	name, _, _ := unstructured.NestedString(u.Object, "status", "externalRef")
	return name, nil
}

// ResolveReady reports a Schema that exists without a status as not ready
// (a typed error) and one that is gone as a plain not-found: what blocks a
// deletion is the second.
func (r *SchemaRef) ResolveReady(ctx context.Context, reader client.Reader) (string, error) {
	key := types.NamespacedName{Name: r.Name, Namespace: r.Namespace}
	u := &unstructured.Unstructured{}
	err := reader.Get(ctx, key, u)
	if err != nil {
		return "", fmt.Errorf("referenced Schema %v not found: %w", key, err)
	}
	name, found, _ := unstructured.NestedString(u.Object, "status", "externalRef")
	if !found {
		return "", k8s.NewReferenceNotReadyError(schema.GroupVersionKind{Kind: "Schema"}, key)
	}
	return name, nil
}

// Lookup reads a Schema by a key its caller built: what the key names is
// known only at the call site, so it is not a dependency read here.
func Lookup(ctx context.Context, reader client.Reader, key types.NamespacedName) error {
	u := &unstructured.Unstructured{}
	return reader.Get(ctx, key, u)
}
