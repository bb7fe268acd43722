// An adapter that tests deletion, then resolves its network inside the deleting branch to build the delete request: on every path there the object is being deleted, so the resolution fails just the same.
package redis

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

type deletingBranchModel struct{ noURL }

func (m *deletingBranchModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	if op.IsDeleting() {
		network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace) // want `AdapterForObject resolves a dependency`
		if err != nil {
			return nil, err
		}
		return &redisAdapter{network: network}, nil
	}
	return &redisAdapter{desired: obj}, nil
}
