// Package service deletes a machine's resources and then releases the
// machine's finalizer, given the scope that holds the machine.
package service

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizerblock/api"
)

// Scope holds what one reconcile of a machine works on.
type Scope struct {
	Client  client.Client
	Machine *api.DockerMachine
}

// Delete releases the machine once its resources are gone.
func Delete(ctx context.Context, s *Scope) error {
	controllerutil.RemoveFinalizer(s.Machine, api.MachineFinalizer)
	return s.Client.Update(ctx, s.Machine)
}
