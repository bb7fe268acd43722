// Reproduces a backup plugin that drops another controller's protective finalizer from an object it has just made, after lookups that return when what they look for is missing: no deletion is in sight, so no finalizer is stranded.
package nodeletion

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

const protection = "example.com/protection"

type Action struct {
	Client client.Client
}

// Execute copies a machine's network and releases the copy's protection.
func (a *Action) Execute(ctx context.Context, m *api.DockerMachine) error {
	network := &api.Network{}
	if err := a.Client.Get(ctx, types.NamespacedName{Namespace: m.Namespace, Name: "net"}, network); err != nil {
		if apierrors.IsNotFound(err) {
			return nil
		}
		return err
	}
	copied := &api.Network{}
	copied.Namespace, copied.Name = network.Namespace, network.Name+"-copy"
	if err := a.Client.Create(ctx, copied); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(copied, protection)
	return a.Client.Update(ctx, copied)
}
