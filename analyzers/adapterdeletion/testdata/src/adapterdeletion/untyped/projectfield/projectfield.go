// Reproduces Config Connector's generic project resolution (refs.ResolveProjectID reads spec.projectRef from the unstructured form of any object): it resolves a reference only for a kind whose spec has a projectRef; a kind that takes its project from an annotation has nothing to resolve.
package projectfield

import (
	"context"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Network names its project in spec.projectRef.
type Network struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              NetworkSpec `json:"spec,omitempty"`
}

type NetworkSpec struct {
	ProjectRef  *refs.ProjectRef `json:"projectRef,omitempty"`
	Description string           `json:"description,omitempty"`
}

func (n *Network) GetObjectKind() schema.ObjectKind { return nil }
func (n *Network) DeepCopyObject() runtime.Object   { return n }

// HealthCheck takes its project from an annotation: its spec has no
// projectRef.
type HealthCheck struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              HealthCheckSpec `json:"spec,omitempty"`
}

type HealthCheckSpec struct {
	Port int32 `json:"port,omitempty"`
}

func (h *HealthCheck) GetObjectKind() schema.ObjectKind { return nil }
func (h *HealthCheck) DeepCopyObject() runtime.Object   { return h }

// projectOf is a generic helper: whether it resolves depends on what it is
// given.
func projectOf(ctx context.Context, reader client.Reader, obj runtime.Object) (string, error) {
	return refs.ResolveProjectID(ctx, reader, obj)
}

type networkModel struct{}

func (m *networkModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &Network{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(op.GetUnstructured().Object, obj); err != nil {
		return nil, err
	}
	project, err := refs.ResolveProjectID(ctx, op.Reader, obj) // want `AdapterForObject resolves a dependency \(refs.ResolveProjectID`
	if err != nil {
		return nil, err
	}
	return &adapter{project: project}, nil
}

func (m *networkModel) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}

type healthCheckModel struct{}

// AdapterForObject of a kind without spec.projectRef: the resolver finds
// no reference to read, directly or through the generic helper.
func (m *healthCheckModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &HealthCheck{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(op.GetUnstructured().Object, obj); err != nil {
		return nil, err
	}
	project, err := refs.ResolveProjectID(ctx, op.Reader, obj)
	if err != nil {
		return nil, err
	}
	if _, err := projectOf(ctx, op.Reader, obj); err != nil {
		return nil, err
	}
	return &adapter{project: project}, nil
}

func (m *healthCheckModel) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}

type anyModel struct{}

// AdapterForObject that hands the resolver the unstructured object itself:
// its fields are not known, so the reference may be there.
func (m *anyModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	project, err := projectOf(ctx, op.Reader, u) // want `AdapterForObject resolves a dependency \(projectOf`
	if err != nil {
		return nil, err
	}
	return &adapter{project: project}, nil
}

func (m *anyModel) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}

var (
	_ directbase.Model = &networkModel{}
	_ directbase.Model = &healthCheckModel{}
	_ directbase.Model = &anyModel{}
)

var _ = unstructured.Unstructured{}

type adapter struct{ project string }

func (a *adapter) Delete(ctx context.Context, op *directbase.DeleteOperation) (bool, error) {
	return true, nil
}
func (a *adapter) Find(ctx context.Context) (bool, error)                           { return false, nil }
func (a *adapter) Create(ctx context.Context, op *directbase.CreateOperation) error { return nil }
func (a *adapter) Update(ctx context.Context, op *directbase.UpdateOperation) error { return nil }
func (a *adapter) Export(ctx context.Context) (*unstructured.Unstructured, error) {
	return nil, nil
}
