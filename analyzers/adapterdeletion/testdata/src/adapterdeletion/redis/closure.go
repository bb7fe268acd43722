// Adapters that wrap resolution in closures: one called at once (finding), one handed to deletion.BuildAdapter as FromSpec (correct: built from status.externalRef when deleting).
package redis

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"github.com/deletionlint/deletionlint/runtime/deletion"
)

type closureModel struct{ noURL }

func (m *closureModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	resolve := func() (string, error) {
		return obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace)
	}
	later := func() (string, error) {
		return obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace)
	}
	_ = later
	network, err := resolve() // want `AdapterForObject resolves a dependency \(resolve, which can fail with k8s.NewReferenceNotFoundError\)`
	if err != nil {
		return nil, err
	}
	return &redisAdapter{network: network, desired: obj}, nil
}

type buildAdapterModel struct{ noURL }

func (m *buildAdapterModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	obj := &RedisInstance{}
	if err := fromUnstructured(u, obj); err != nil {
		return nil, err
	}
	return deletion.BuildAdapter(ctx, u, deletion.AdapterBuilder[directbase.Adapter]{
		ExternalRef: func() (string, bool) {
			if obj.Status.ExternalRef == nil {
				return "", false
			}
			return *obj.Status.ExternalRef, true
		},
		FromExternal: func(ctx context.Context, externalRef string) (directbase.Adapter, error) {
			id, err := parseExternal(externalRef)
			if err != nil {
				return nil, err
			}
			return &redisAdapter{id: id}, nil
		},
		FromSpec: func(ctx context.Context) (directbase.Adapter, error) {
			network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace)
			if err != nil {
				return nil, err
			}
			return &redisAdapter{network: network, desired: obj}, nil
		},
	})
}
