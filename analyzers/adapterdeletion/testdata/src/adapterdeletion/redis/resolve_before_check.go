// A RedisInstance-style adapter that resolves spec.networkRef with NormalizedExternal at the top of AdapterForObject, before op.IsDeleting().
package redis

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

type resolveFirstModel struct{ noURL }

func (m *resolveFirstModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace) // want `AdapterForObject resolves a dependency \(obj.Spec.NetworkRef.NormalizedExternal, which can fail with k8s.NewReferenceNotFoundError\) before checking whether the object is being deleted`
	if err != nil {
		return nil, err
	}
	if op.IsDeleting() {
		return &redisAdapter{network: network}, nil
	}
	return &redisAdapter{network: network, desired: obj}, nil
}
