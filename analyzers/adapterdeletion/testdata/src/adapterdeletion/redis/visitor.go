// Adapters that walk the object with common.VisitFields: with a visitor that resolves references (the error comes from the visitor's VisitField), and with one that only collects field paths.
package redis

import (
	"context"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/common"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// networkResolver resolves every network reference it visits.
type networkResolver struct {
	ctx    context.Context
	reader client.Reader
	ns     string
}

func (v *networkResolver) VisitField(path string, value any) error {
	if ref, ok := value.(*refs.ComputeNetworkRef); ok && ref != nil {
		if _, err := ref.NormalizedExternal(v.ctx, v.reader, v.ns); err != nil {
			return err
		}
	}
	return nil
}

// pathCollector resolves nothing.
type pathCollector struct {
	paths []string
}

func (v *pathCollector) VisitField(path string, value any) error {
	v.paths = append(v.paths, path)
	return nil
}

type visitorModel struct{ noURL }

func (m *visitorModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	collector := &pathCollector{}
	if err := common.VisitFields(obj, collector); err != nil {
		return nil, err
	}
	if err := common.VisitFields(obj, &networkResolver{ctx: ctx, reader: op.Reader, ns: obj.Namespace}); err != nil { // want `AdapterForObject resolves a dependency \(common.VisitFields, which can fail with k8s.NewReferenceNotFoundError\)`
		return nil, err
	}
	return &redisAdapter{desired: obj}, nil
}

// Bucket names no network: walking it with the resolving visitor resolves
// nothing, whatever the visitor does with network references.
type Bucket struct {
	Name     string
	Location string
	Labels   map[string]string
}

type noRefsModel struct{ noURL }

func (m *noRefsModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &Bucket{Name: op.GetUnstructured().GetName()}
	if err := common.VisitFields(obj, &networkResolver{ctx: ctx, reader: op.Reader}); err != nil {
		return nil, err
	}
	return &redisAdapter{}, nil
}
