// An adapter that resolves three references before its deletion test: one finding, at the first, naming the others; and a resolver whose not-ready error comes before its not-found, named by what happens when the object is gone.
package untyped

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

type severalModel struct{ noURL }

func (m *severalModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := toSubscription(op.GetUnstructured())
	topic, err := resolveTopic(ctx, op.Reader, obj.Namespace, obj.Spec.TopicRef) // want `AdapterForObject resolves a dependency \(resolveTopic, which returns an error when the referenced object is not found\) before checking whether the object is being deleted`
	if err != nil {
		return nil, err
	}
	schema, err := obj.Spec.SchemaRef.Resolve(ctx, op.Reader)
	if err != nil {
		return nil, err
	}
	if _, err := obj.Spec.SchemaRef.ResolveReady(ctx, op.Reader); err != nil {
		return nil, err
	}
	if op.IsDeleting() {
		return &adapter{external: obj.Status.ExternalRef}, nil
	}
	return &adapter{topic: topic, schema: schema}, nil
}

type readyModel struct{ noURL }

func (m *readyModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := toSubscription(op.GetUnstructured())
	schema, err := obj.Spec.SchemaRef.ResolveReady(ctx, op.Reader) // want `AdapterForObject resolves a dependency \(obj.Spec.SchemaRef.ResolveReady, which returns an error when the referenced object is not found\)`
	if err != nil {
		return nil, err
	}
	return &adapter{schema: schema}, nil
}
