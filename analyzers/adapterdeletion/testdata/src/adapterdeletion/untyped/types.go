// What the untyped-resolution adapters share: a KRM object whose spec names other objects, and its adapter.
package untyped

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"adapterdeletion/untyped/pubsubrefs"
)

// TopicRef names a Topic by name and namespace.
type TopicRef struct {
	Name, Namespace, External string
}

type Subscription struct {
	metav1.ObjectMeta
	Spec   SubscriptionSpec
	Status SubscriptionStatus
}

type SubscriptionSpec struct {
	TopicRef    *TopicRef
	SchemaRef   *pubsubrefs.SchemaRef
	Credentials string
}

type SubscriptionStatus struct {
	ExternalRef *string
}

func toSubscription(u *unstructured.Unstructured) *Subscription {
	s := &Subscription{}
	s.Name, s.Namespace = u.GetName(), u.GetNamespace()
	return s
}

type adapter struct {
	topic, schema string
	external      *string
}

var _ directbase.Adapter = &adapter{}

func (a *adapter) Delete(ctx context.Context, op *directbase.DeleteOperation) (bool, error) {
	return true, nil
}
func (a *adapter) Find(ctx context.Context) (bool, error)                           { return false, nil }
func (a *adapter) Create(ctx context.Context, op *directbase.CreateOperation) error { return nil }
func (a *adapter) Update(ctx context.Context, op *directbase.UpdateOperation) error { return nil }
func (a *adapter) Export(ctx context.Context) (*unstructured.Unstructured, error) {
	return nil, nil
}

type noURL struct{}

func (noURL) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}
