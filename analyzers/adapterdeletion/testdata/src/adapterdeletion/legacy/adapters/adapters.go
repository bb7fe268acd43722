// Package adapters reproduces the older direct controllers (2024 Config Connector, e.g. logging/logmetric_controller.go) built on the older AdapterForObject(ctx, reader, u) signature, testing deletion through u.GetDeletionTimestamp().
package adapters

import (
	"context"

	"adapterdeletion/legacy/pkg/controller/direct/directbase"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type adapter struct{ network string }

func (a *adapter) Delete(ctx context.Context) (bool, error)                       { return true, nil }
func (a *adapter) Find(ctx context.Context) (bool, error)                         { return false, nil }
func (a *adapter) Create(ctx context.Context, u *unstructured.Unstructured) error { return nil }
func (a *adapter) Update(ctx context.Context, u *unstructured.Unstructured) error { return nil }

func networkRef(u *unstructured.Unstructured) *refs.ComputeNetworkRef {
	name, _, _ := unstructured.NestedString(u.Object, "spec", "networkRef", "name")
	return &refs.ComputeNetworkRef{Name: name}
}

type logMetricModel struct{}

var _ directbase.Model = &logMetricModel{}

func (m *logMetricModel) AdapterForObject(ctx context.Context, reader client.Reader, u *unstructured.Unstructured) (directbase.Adapter, error) {
	network, err := networkRef(u).NormalizedExternal(ctx, reader, u.GetNamespace()) // want `AdapterForObject resolves a dependency \(networkRef\(u\).NormalizedExternal`
	if err != nil {
		return nil, err
	}
	return &adapter{network: network}, nil
}

type guardedModel struct{}

var _ directbase.Model = &guardedModel{}

func (m *guardedModel) AdapterForObject(ctx context.Context, reader client.Reader, u *unstructured.Unstructured) (directbase.Adapter, error) {
	deleting := u.GetDeletionTimestamp() != nil
	if deleting {
		return &adapter{}, nil
	}
	network, err := networkRef(u).NormalizedExternal(ctx, reader, u.GetNamespace())
	if err != nil {
		return nil, err
	}
	return &adapter{network: network}, nil
}
