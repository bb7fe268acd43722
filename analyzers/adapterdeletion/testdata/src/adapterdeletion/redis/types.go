// What the models of a Config Connector direct controller package (pkg/controller/direct/<service>/) share: the typed KRM object of apis/<service>/v1beta1 and the adapter.
package redis

import (
	"context"
	"fmt"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

type RedisInstance struct {
	metav1.ObjectMeta
	Spec   RedisInstanceSpec
	Status RedisInstanceStatus
}

type RedisInstanceSpec struct {
	ProjectRef *refs.ProjectRef
	NetworkRef *refs.ComputeNetworkRef
	Location   string
	ResourceID *string
}

type RedisInstanceStatus struct {
	ExternalRef *string
}

// fromUnstructured stands for runtime.DefaultUnstructuredConverter.FromUnstructured.
func fromUnstructured(u *unstructured.Unstructured, obj *RedisInstance) error {
	if u == nil {
		return fmt.Errorf("nil object")
	}
	obj.Name = u.GetName()
	obj.Namespace = u.GetNamespace()
	return nil
}

type identity struct {
	project, location, name string
}

func parseExternal(external string) (*identity, error) {
	if external == "" {
		return nil, fmt.Errorf("empty externalRef")
	}
	return &identity{name: external}, nil
}

type redisAdapter struct {
	id      *identity
	network string
	desired *RedisInstance
}

var _ directbase.Adapter = &redisAdapter{}

func (a *redisAdapter) Delete(ctx context.Context, op *directbase.DeleteOperation) (bool, error) {
	return true, nil
}
func (a *redisAdapter) Find(ctx context.Context) (bool, error)                           { return false, nil }
func (a *redisAdapter) Create(ctx context.Context, op *directbase.CreateOperation) error { return nil }
func (a *redisAdapter) Update(ctx context.Context, op *directbase.UpdateOperation) error { return nil }
func (a *redisAdapter) Export(ctx context.Context) (*unstructured.Unstructured, error) {
	return nil, nil
}

// noURL gives the models AdapterForURL.
type noURL struct{}

func (noURL) AdapterForURL(ctx context.Context, url string) (directbase.Adapter, error) {
	return nil, nil
}

func (obj *RedisInstance) references() []refs.Ref {
	var out []refs.Ref
	if obj.Spec.NetworkRef != nil {
		out = append(out, obj.Spec.NetworkRef)
	}
	return out
}
