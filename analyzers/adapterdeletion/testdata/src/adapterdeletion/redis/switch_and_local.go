// Adapters that test deletion in a tagless switch and through a local variable, as some hand-written direct controllers do.
package redis

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

type switchModel struct{ noURL }

func (m *switchModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	switch {
	case op.IsDeleting():
		return &redisAdapter{}, nil
	}
	network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace)
	if err != nil {
		return nil, err
	}
	return &redisAdapter{network: network, desired: obj}, nil
}

type localVarModel struct{ noURL }

func (m *localVarModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	deleting := u.GetDeletionTimestamp() != nil
	obj := &RedisInstance{}
	if err := fromUnstructured(u, obj); err != nil {
		return nil, err
	}
	var network string
	if !deleting {
		var err error
		if network, err = obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace); err != nil {
			return nil, err
		}
	}
	return &redisAdapter{network: network, desired: obj}, nil
}

// loopModel resolves a list of references of interface type: any
// implementation that resolves counts.
type loopModel struct{ noURL }

func (m *loopModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	for _, ref := range obj.references() {
		if err := ref.Normalize(ctx, op.Reader, obj.Namespace); err != nil { // want `AdapterForObject resolves a dependency \(ref.Normalize, which can fail with k8s.NewReferenceNotFoundError\)`
			return nil, err
		}
	}
	return &redisAdapter{desired: obj}, nil
}
