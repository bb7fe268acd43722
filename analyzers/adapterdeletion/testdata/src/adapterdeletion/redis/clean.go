// Direct adapters that resolve nothing before the deletion test: an unimplemented stub, resolution deferred to Create, and an IAM-style look-alike method of another interface.
package redis

import (
	"context"
	"fmt"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type unimplementedModel struct{ noURL }

func (m *unimplementedModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	return nil, fmt.Errorf("RedisInstance is not supported by the direct controller yet")
}

type lazyModel struct{ noURL }

func (m *lazyModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	return &lazyAdapter{reader: op.Reader, obj: obj}, nil
}

// lazyAdapter resolves in Create, never while deleting.
type lazyAdapter struct {
	redisAdapter
	reader client.Reader
	obj    *RedisInstance
}

func (a *lazyAdapter) Create(ctx context.Context, op *directbase.CreateOperation) error {
	if _, err := a.obj.Spec.NetworkRef.NormalizedExternal(ctx, a.reader, a.obj.Namespace); err != nil {
		return err
	}
	return nil
}

// IAMAdapterModel is not directbase.Model: its AdapterForObject is out of
// scope.
type IAMAdapterModel interface {
	AdapterForObject(ctx context.Context, reader client.Reader, ref *refs.ComputeNetworkRef) (any, error)
}

type iamModel struct{}

var _ IAMAdapterModel = &iamModel{}

func (m *iamModel) AdapterForObject(ctx context.Context, reader client.Reader, ref *refs.ComputeNetworkRef) (any, error) {
	return ref.NormalizedExternal(ctx, reader, "")
}

// delegatingModel wraps another model, as framework wrappers do: the
// wrapped models are reported themselves.
type delegatingModel struct {
	noURL
	inner directbase.Model
}

func (m *delegatingModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	return m.inner.AdapterForObject(ctx, op)
}
