// Stands for a Config Connector API package (apis/<service>/v1beta1): the
// KRM type's GetIdentity method builds the resource's identity and, for
// that, resolves the parent named in the spec (here a network), so it can
// fail with a dependency-not-found error.
package krm

import (
	"context"
	"fmt"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Endpoint struct {
	metav1.ObjectMeta
	Spec   EndpointSpec
	Status EndpointStatus
}

type EndpointSpec struct {
	NetworkRef *refs.ComputeNetworkRef
	ResourceID string
}

type EndpointStatus struct {
	ExternalRef *string
}

// EndpointIdentity names the endpoint in the cloud.
type EndpointIdentity struct {
	Parent, ID string
}

func (i *EndpointIdentity) String() string { return i.Parent + "/endpoints/" + i.ID }

// GetIdentity resolves the parent network and names the endpoint under it.
func (obj *Endpoint) GetIdentity(ctx context.Context, reader client.Reader) (*EndpointIdentity, error) {
	id := obj.Spec.ResourceID
	if id == "" {
		id = obj.GetName()
	}
	network, err := obj.Spec.NetworkRef.NormalizedExternal(ctx, reader, obj.GetNamespace())
	if err != nil {
		return nil, fmt.Errorf("resolving the parent network: %w", err)
	}
	return &EndpointIdentity{Parent: network, ID: id}, nil
}

// IdentityFromExternal parses status.externalRef: no lookup.
func IdentityFromExternal(external string) (*EndpointIdentity, error) {
	if external == "" {
		return nil, fmt.Errorf("empty externalRef")
	}
	return &EndpointIdentity{ID: external}, nil
}
