// Adapters resolving through generic helpers, as the newer identity code does (a helper over any refs.Ref, and a generic resolver type).
package redis

import (
	"context"

	"adapterdeletion/resolvers"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func normalizeRef[T refs.Ref](ctx context.Context, reader client.Reader, ref T, ns string) (string, error) {
	if err := ref.Normalize(ctx, reader, ns); err != nil {
		return "", err
	}
	return ref.GetExternal(), nil
}

type resolver[T refs.ExternalNormalizer] struct {
	reader client.Reader
}

func (r *resolver[T]) resolve(ctx context.Context, ref T, ns string) (string, error) {
	return ref.NormalizedExternal(ctx, r.reader, ns)
}

type genericModel struct{ noURL }

func (m *genericModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	network, err := normalizeRef(ctx, op.Reader, obj.Spec.NetworkRef, obj.Namespace) // want `AdapterForObject resolves a dependency \(normalizeRef, which can fail with k8s.NewReferenceNotFoundError\)`
	if err != nil {
		return nil, err
	}
	if _, err := resolvers.Resolve(ctx, op.Reader, obj.Namespace, obj.Spec.NetworkRef); err != nil { // reported as related information of the first resolution
		return nil, err
	}
	r := &resolver[*refs.ComputeNetworkRef]{reader: op.Reader}
	if _, err := r.resolve(ctx, obj.Spec.NetworkRef, obj.Namespace); err != nil { // likewise
		return nil, err
	}
	return &redisAdapter{network: network, desired: obj}, nil
}
