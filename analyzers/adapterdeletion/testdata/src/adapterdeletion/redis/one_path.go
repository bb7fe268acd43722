// An adapter whose deletion test sits on only one of two paths: when the location is set it tests deletion first, otherwise it resolves at once.
package redis

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

type onePathModel struct{ noURL }

func (m *onePathModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	if obj.Spec.Location != "" {
		if op.IsDeleting() {
			return &redisAdapter{}, nil
		}
	}
	network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace) // want `AdapterForObject resolves a dependency`
	if err != nil {
		return nil, err
	}
	return &redisAdapter{network: network, desired: obj}, nil
}

// orModel tests deletion as the second operand of ||: the branch taken when
// the first operand holds has not tested it.
type orModel struct{ noURL }

func (m *orModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	if obj.Spec.Location == "" || !op.IsDeleting() {
		if _, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace); err != nil { // want `AdapterForObject resolves a dependency`
			return nil, err
		}
	}
	return &redisAdapter{desired: obj}, nil
}
