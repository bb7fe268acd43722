// Adapters whose resolution lives in a helper of another package (adapterdeletion/resolvers, known here by facts) or in a package-local resolveReferences helper.
package redis

import (
	"context"

	"adapterdeletion/resolvers"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type helperPkgModel struct{ noURL }

func (m *helperPkgModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	if err := resolvers.ValidateFormat(obj.Spec.Location); err != nil {
		return nil, err
	}
	network := resolvers.BestEffortNetwork(ctx, op.Reader, obj.Namespace, obj.Spec.NetworkRef)
	key, err := resolvers.ResolveKMSKey(ctx, op.Reader, types.NamespacedName{Namespace: obj.Namespace, Name: obj.Name}) // want `AdapterForObject resolves a dependency \(resolvers.ResolveKMSKey, which can fail with k8s.ReferenceNotFoundError\)`
	if err != nil {
		return nil, err
	}
	_ = key
	return &redisAdapter{network: network, desired: obj}, nil
}

type localHelperModel struct{ noURL }

func (m *localHelperModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	if err := resolveReferences(ctx, op.Reader, obj); err != nil { // want `AdapterForObject resolves a dependency \(resolveReferences, which can fail with k8s.NewReferenceNotFoundError\)`
		return nil, err
	}
	return &redisAdapter{desired: obj}, nil
}

func resolveReferences(ctx context.Context, reader client.Reader, obj *RedisInstance) error {
	if obj.Spec.NetworkRef != nil {
		external, err := resolvers.ResolveNetwork(ctx, reader, obj.Namespace, obj.Spec.NetworkRef)
		if err != nil {
			return err
		}
		obj.Spec.NetworkRef = &refs.ComputeNetworkRef{External: external}
	}
	return nil
}

// variadicModel passes concrete references to a helper that normalizes
// whatever it is given.
type variadicModel struct{ noURL }

func (m *variadicModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	if err := resolvers.NormalizeAll(ctx, op.Reader, obj.Namespace, obj.Spec.NetworkRef); err != nil { // want `AdapterForObject resolves a dependency \(resolvers.NormalizeAll, which can fail with k8s.NewReferenceNotFoundError\)`
		return nil, err
	}
	if err := resolvers.NormalizeAll(ctx, op.Reader, obj.Namespace); err != nil {
		return nil, err
	}
	return &redisAdapter{desired: obj}, nil
}
