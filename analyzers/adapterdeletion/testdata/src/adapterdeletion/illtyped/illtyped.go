// Package illtyped reproduces a direct controller caught mid-edit: references to fields and helpers that do not exist (type errors) beside a code template with a .go suffix that does not parse, as Config Connector's generator templates (scripts/generate-direct/...) are.
package illtyped

import (
	"context"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

type brokenModel struct{}

func (m *brokenModel) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}

func (m *brokenModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &Missing{}
	if _, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace); err != nil {
		return nil, err
	}
	if err := resolveUndefined(ctx, op.Reader, obj); err != nil {
		return nil, err
	}
	return newAdapter(obj), nil
}

// wellTypedModel sits in the same package and is still checked.
type wellTypedModel struct{}

func (m *wellTypedModel) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}

func (m *wellTypedModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	ref := &refs.ComputeNetworkRef{Name: op.GetUnstructured().GetName()}
	if _, err := ref.NormalizedExternal(ctx, op.Reader, ""); err != nil { // want `AdapterForObject resolves a dependency`
		return nil, err
	}
	return nil, nil
}

func (m *undefinedModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	adapter, err := m.inner.AdapterForObject(ctx, op)
	if err != nil {
		if undefinedClassifier(err) {
			return nil, err
		}
	}
	return adapter, undefinedResolve(ctx, op.Reader)
}

func callsUndefined(ctx context.Context, op *directbase.AdapterForObjectOperation) error {
	f := undefinedFunc
	return f(ctx, op)
}
