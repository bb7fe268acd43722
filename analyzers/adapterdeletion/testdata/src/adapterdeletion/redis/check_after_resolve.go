// An adapter that tests deletion, but only after it has resolved its references with common.NormalizeReferences (a check somewhere in the method is not enough).
package redis

import (
	"context"
	"fmt"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/common"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

type checkAfterModel struct{ noURL }

func (m *checkAfterModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	obj := &RedisInstance{}
	if err := fromUnstructured(u, obj); err != nil {
		return nil, err
	}
	if err := common.NormalizeReferences(ctx, op.Reader, u, nil); err != nil { // want `AdapterForObject resolves a dependency \(common.NormalizeReferences, which can fail with k8s.NewReferenceNotFoundError\)`
		return nil, fmt.Errorf("normalizing references: %w", err)
	}
	if op.IsDeleting() {
		return &redisAdapter{}, nil
	}
	return &redisAdapter{desired: obj}, nil
}
