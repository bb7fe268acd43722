// An adapter with an early branch that, when deleting with status.externalRef set, builds the adapter from it and returns before any resolution, as Config Connector's newer direct controllers do.
package redis

import (
	"context"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

type externalRefFirstModel struct{ noURL }

func (m *externalRefFirstModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	u := op.GetUnstructured()
	if u.GetDeletionTimestamp() != nil {
		if external, _, _ := unstructured.NestedString(u.Object, "status", "externalRef"); external != "" {
			id, err := parseExternal(external)
			if err != nil {
				return nil, err
			}
			return &redisAdapter{id: id}, nil
		}
	}
	obj := &RedisInstance{}
	if err := fromUnstructured(u, obj); err != nil {
		return nil, err
	}
	network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, op.Reader, obj.Namespace)
	if err != nil {
		return nil, err
	}
	return &redisAdapter{network: network, desired: obj}, nil
}
