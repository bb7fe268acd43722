// Reads that do not strand a deletion, though they come before the deletion test: a referenced object whose not-found is tolerated (a default, client.IgnoreNotFound, an error branch that lets not-found through), the object's own read, a Secret the controller owns (keyed by the object's name, not by a reference), a key built by the caller, and reads after the deletion test.
package untyped

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"adapterdeletion/untyped/pubsubrefs"
)

type defaultingModel struct{ noURL }

func (m *defaultingModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := toSubscription(op.GetUnstructured())
	topic := &unstructured.Unstructured{}
	key := types.NamespacedName{Name: obj.Spec.TopicRef.Name, Namespace: obj.Namespace}
	if err := op.Reader.Get(ctx, key, topic); err != nil {
		if apierrors.IsNotFound(err) {
			return &adapter{topic: "projects/default/topics/" + key.Name}, nil
		}
		return nil, err
	}
	return &adapter{topic: topic.GetName()}, nil
}

type ignoringModel struct{ noURL }

func (m *ignoringModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := toSubscription(op.GetUnstructured())
	topic := &unstructured.Unstructured{}
	key := types.NamespacedName{Name: obj.Spec.TopicRef.Name, Namespace: obj.Namespace}
	if err := client.IgnoreNotFound(op.Reader.Get(ctx, key, topic)); err != nil {
		return nil, err
	}
	err := op.Reader.Get(ctx, key, topic)
	if err != nil && !apierrors.IsNotFound(err) {
		return nil, err
	}
	return &adapter{topic: topic.GetName()}, nil
}

type ownReadsModel struct{ noURL }

func (m *ownReadsModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	latest := &unstructured.Unstructured{}
	if err := op.Reader.Get(ctx, client.ObjectKeyFromObject(u), latest); err != nil {
		return nil, err
	}
	secret := &corev1.Secret{}
	if err := op.Reader.Get(ctx, types.NamespacedName{Name: u.GetName() + "-credentials", Namespace: u.GetNamespace()}, secret); err != nil {
		return nil, err
	}
	if err := pubsubrefs.Lookup(ctx, op.Reader, types.NamespacedName{Name: u.GetName(), Namespace: u.GetNamespace()}); err != nil {
		return nil, err
	}
	return &adapter{}, nil
}

type deletingFirstModel struct{ noURL }

func (m *deletingFirstModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := toSubscription(op.GetUnstructured())
	if op.IsDeleting() {
		return &adapter{external: obj.Status.ExternalRef}, nil
	}
	topic, err := resolveTopic(ctx, op.Reader, obj.Namespace, obj.Spec.TopicRef)
	if err != nil {
		return nil, err
	}
	schema, err := obj.Spec.SchemaRef.Resolve(ctx, op.Reader)
	if err != nil {
		return nil, err
	}
	return &adapter{topic: topic, schema: schema}, nil
}
