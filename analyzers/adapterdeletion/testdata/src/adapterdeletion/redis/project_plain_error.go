// A project-only adapter, as most of Config Connector's direct adapters are: refs.ResolveProject reads the Project its spec names and turns not-found into a plain fmt.Errorf, which fails on every retry once the Project is gone, exactly as a typed dependency error does.
package redis

import (
	"context"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

type projectOnlyModel struct{ noURL }

func (m *projectOnlyModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &RedisInstance{}
	if err := fromUnstructured(op.GetUnstructured(), obj); err != nil {
		return nil, err
	}
	project, err := refs.ResolveProject(ctx, op.Reader, obj.Namespace, obj.Spec.ProjectRef) // want `AdapterForObject resolves a dependency \(refs.ResolveProject, which returns an error when the referenced object is not found\)`
	if err != nil {
		return nil, err
	}
	return &redisAdapter{id: &identity{project: project.ProjectID}}, nil
}
