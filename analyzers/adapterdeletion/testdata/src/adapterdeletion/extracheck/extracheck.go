// Package extracheck reproduces an adapter whose deletion test is a helper the analysis cannot see through (it reads an annotation a webhook sets on deletion), named in the deletion-checks setting.
package extracheck

import (
	"context"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

func markedForDeletion(u *unstructured.Unstructured) bool {
	return u.GetAnnotations()["example.com/deleting"] == "true"
}

type model struct{}

func (m *model) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}

func (m *model) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	if markedForDeletion(u) {
		return nil, nil
	}
	ref := &refs.ComputeNetworkRef{Name: u.GetName()}
	if _, err := ref.NormalizedExternal(ctx, op.Reader, u.GetNamespace()); err != nil {
		return nil, err
	}
	return nil, nil
}
