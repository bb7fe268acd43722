// Adapters whose deletion test lives in a helper: a package-local wrapper of GetDeletionTimestamp, and a helper that itself tests deletion before it resolves.
package redis

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

func isBeingDeleted(u *unstructured.Unstructured) bool {
	return !u.GetDeletionTimestamp().IsZero()
}

type wrapperModel struct{ noURL }

func (m *wrapperModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	obj := &RedisInstance{}
	if err := fromUnstructured(u, obj); err != nil {
		return nil, err
	}
	if isBeingDeleted(u) {
		return &redisAdapter{}, nil
	}
	network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace)
	if err != nil {
		return nil, err
	}
	return &redisAdapter{network: network, desired: obj}, nil
}

// desiredState tests deletion before it resolves anything.
func desiredState(ctx context.Context, op *directbase.AdapterForObjectOperation, obj *RedisInstance) (*redisAdapter, error) {
	if op.IsDeleting() {
		return &redisAdapter{}, nil
	}
	network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace)
	if err != nil {
		return nil, err
	}
	return &redisAdapter{network: network, desired: obj}, nil
}

type guardingHelperModel struct{ noURL }

func (m *guardingHelperModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	return desiredState(ctx, op, obj)
}
