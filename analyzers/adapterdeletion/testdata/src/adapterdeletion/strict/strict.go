// Package strict reproduces a direct adapter that resolves only its project with refs.ResolveProject, whose not-found is a plain error: reported only with the strict setting.
package strict

import (
	"context"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

type projectModel struct{}

func (m *projectModel) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}

func (m *projectModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	name, _, _ := unstructured.NestedString(u.Object, "spec", "projectRef", "name")
	if _, err := refs.ResolveProject(ctx, op.Reader, u.GetNamespace(), &refs.ProjectRef{Name: name}); err != nil { // want `AdapterForObject resolves a dependency \(refs.ResolveProject, which reads a referenced object with client.Reader.Get\)`
		return nil, err
	}
	return nil, nil
}
