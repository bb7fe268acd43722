// A ComputeInstance-style adapter (compute/instance_controller.go) that resolves its references only inside if !op.IsDeleting() { ... }.
package redis

import (
	"context"
	"fmt"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/common"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

type guardedModel struct{ noURL }

func (m *guardedModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	reader := op.Reader
	obj := &RedisInstance{}
	if err := fromUnstructured(u, obj); err != nil {
		return nil, fmt.Errorf("error converting to %T: %w", obj, err)
	}
	var desired *RedisInstance
	if !op.IsDeleting() {
		if err := common.NormalizeReferences(ctx, reader, u, nil); err != nil {
			return nil, fmt.Errorf("resolving references: %w", err)
		}
		desired = obj
	}
	return &redisAdapter{desired: desired}, nil
}

// guardedAndModel tests deletion as the first operand of &&: both branches
// have tested it.
type guardedAndModel struct{ noURL }

func (m *guardedAndModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	if !op.IsDeleting() && obj.Spec.NetworkRef != nil {
		if _, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace); err != nil {
			return nil, err
		}
	}
	return &redisAdapter{desired: obj}, nil
}
