// An adapter that reads status.externalRef, but only after resolving spec.networkRef: the resolution still fails once the network is gone.
package redis

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

type externalRefAfterModel struct{ noURL }

func (m *externalRefAfterModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace) // want `AdapterForObject resolves a dependency`
	if err != nil {
		return nil, err
	}
	if obj.Status.ExternalRef != nil {
		id, err := parseExternal(*obj.Status.ExternalRef)
		if err != nil {
			return nil, err
		}
		return &redisAdapter{id: id, network: network}, nil
	}
	return &redisAdapter{network: network, desired: obj}, nil
}
