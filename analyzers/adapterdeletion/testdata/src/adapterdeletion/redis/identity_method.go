// Adapters shaped like Config Connector's newer direct controllers, which
// call the KRM type's GetIdentity (defined in the API package, where it
// resolves the parent reference) at the top of AdapterForObject; the second
// builds the identity from status.externalRef while deleting instead.
package redis

import (
	"context"

	"adapterdeletion/krm"

	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/direct/directbase"
)

// endpointAdapter has redisAdapter's methods.
type endpointAdapter struct {
	redisAdapter
	endpoint *krm.EndpointIdentity
	spec     *krm.Endpoint
}

type identityFirstModel struct{ noURL }

func (m *identityFirstModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &krm.Endpoint{}
	obj.Name = op.GetUnstructured().GetName()
	id, err := obj.GetIdentity(ctx, op.Reader) // want `AdapterForObject resolves a dependency \(obj.GetIdentity, which can fail with k8s.NewReferenceNotFoundError\) before checking whether the object is being deleted`
	if err != nil {
		return nil, err
	}
	return &endpointAdapter{endpoint: id, spec: obj}, nil
}

type identityFromStatusModel struct{ noURL }

func (m *identityFromStatusModel) AdapterForObject(ctx context.Context, op *directbase.AdapterForObjectOperation) (directbase.Adapter, error) {
	obj := &krm.Endpoint{}
	obj.Name = op.GetUnstructured().GetName()
	if op.IsDeleting() && obj.Status.ExternalRef != nil {
		id, err := krm.IdentityFromExternal(*obj.Status.ExternalRef)
		if err != nil {
			return nil, err
		}
		return &endpointAdapter{endpoint: id}, nil
	}
	id, err := obj.GetIdentity(ctx, op.Reader)
	if err != nil {
		return nil, err
	}
	return &endpointAdapter{endpoint: id, spec: obj}, nil
}
