// Package networks finds the Network a Subnet names, for the controllers
// of another package.
package networks

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizerblock/order/api"
)

// Of returns the Network the Subnet's spec names; its not-found is handed
// back as it is.
func Of(ctx context.Context, c client.Reader, subnet *api.Subnet) (*api.Network, error) {
	network := &api.Network{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: subnet.Namespace, Name: subnet.Spec.NetworkName}, network); err != nil {
		return nil, err
	}
	return network, nil
}
