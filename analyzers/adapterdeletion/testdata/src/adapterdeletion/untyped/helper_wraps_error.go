// A resolver helper of the adapter's package reads the Topic that spec.topicRef names and wraps the client's error; the adapter calls it before testing deletion.
package untyped

import (
	"context"
	"fmt"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func resolveTopic(ctx context.Context, reader client.Reader, ns string, ref *TopicRef) (string, error) {
	if ref.External != "" {
		return ref.External, nil
	}
	key := types.NamespacedName{Name: ref.Name, Namespace: ref.Namespace}
	if key.Namespace == "" {
		key.Namespace = ns
	}
	topic := &unstructured.Unstructured{}
	err := reader.Get(ctx, key, topic)
	if err != nil {
		return "", fmt.Errorf("getting Topic %v: %w", key, err)
	}
	return topic.GetName(), nil
}

type topicModel struct{ noURL }

func (m *topicModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := toSubscription(op.GetUnstructured())
	topic, err := resolveTopic(ctx, op.Reader, obj.Namespace, obj.Spec.TopicRef) // want `AdapterForObject resolves a dependency \(resolveTopic, which returns an error when the referenced object is not found\)`
	if err != nil {
		return nil, err
	}
	return &adapter{topic: topic}, nil
}
