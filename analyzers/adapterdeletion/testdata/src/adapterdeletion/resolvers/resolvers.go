// Package resolvers reproduces the shared reference helpers of Config Connector's direct controllers (pkg/controller/direct/<service>/refs.go), kept in a package apart from the adapters that call them.
package resolvers

import (
	"context"
	"fmt"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/k8s"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ResolveNetwork resolves a network reference through the ref's own
// method, and nothing for no reference: it produces only when handed one.
func ResolveNetwork(ctx context.Context, reader client.Reader, ns string, ref *refs.ComputeNetworkRef) (string, error) { // want ResolveNetwork:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 3 is not nil: "k8s.NewReferenceNotFoundError"\)` ResolveNetwork:`keyFrom\(\[3\]\)`
	if ref == nil {
		return "", nil
	}
	return ref.NormalizedExternal(ctx, reader, ns)
}

// ResolveKMSKey looks up a KMSCryptoKey itself, as older helpers do.
func ResolveKMSKey(ctx context.Context, reader client.Reader, key types.NamespacedName) (string, error) { // want ResolveKMSKey:`depNotFound\(why="k8s.ReferenceNotFoundError", get="k8s.ReferenceNotFoundError", needs=\[Get\], if param 2 is a reference: "referenced object not found"\)`
	u := &unstructured.Unstructured{}
	if err := reader.Get(ctx, key, u); err != nil {
		if apierrors.IsNotFound(err) {
			return "", &k8s.ReferenceNotFoundError{RefResourceGVK: schema.GroupVersionKind{Kind: "KMSCryptoKey"}, RefResource: key}
		}
		return "", err
	}
	name, _, _ := unstructured.NestedString(u.Object, "status", "externalRef")
	return name, nil
}

// NormalizeAll normalizes the references it is given: whether it produces
// depends on the references passed in.
func NormalizeAll(ctx context.Context, reader client.Reader, ns string, rs ...refs.Ref) error { // want NormalizeAll:`depNotFound\(why="", get="", needs=\[Normalize\]\)`
	for _, r := range rs {
		if err := r.Normalize(ctx, reader, ns); err != nil {
			return err
		}
	}
	return nil
}

// ValidateFormat only parses an external reference: no lookup.
func ValidateFormat(external string) error {
	if external == "" {
		return fmt.Errorf("empty external reference")
	}
	return nil
}

// BestEffortNetwork swallows the resolution error.
func BestEffortNetwork(ctx context.Context, reader client.Reader, ns string, ref *refs.ComputeNetworkRef) string { // want BestEffortNetwork:`keyFrom\(\[3\]\)`
	s, _ := ref.NormalizedExternal(ctx, reader, ns)
	_, _ = ref.NormalizedExternal(ctx, reader, ns)
	return s
}

// Resolve is the generic resolver newer identity code uses, over any
// reference type.
func Resolve[T refs.Ref](ctx context.Context, reader client.Reader, ns string, ref T) (string, error) { // want Resolve:`depNotFound\(why="", get="", needs=\[Normalize\]\)`
	if err := ref.Normalize(ctx, reader, ns); err != nil {
		return "", err
	}
	return ref.GetExternal(), nil
}
