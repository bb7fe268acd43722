// Package provider reproduces a Crossplane provider: crossplane-runtime's
// managed reconciler tests deletion and calls the provider's external
// client and finalizer, so their methods are entry points.
package provider

import (
	"context"

	"github.com/crossplane/crossplane-runtime/pkg/meta"
	"github.com/crossplane/crossplane-runtime/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type connector struct{ kube client.Client }

func (c *connector) Connect(ctx context.Context, mg resource.Managed) (managed.ExternalClient, error) { // want `entry ExternalConnecter.Connect always`
	return &external{kube: c.kube}, nil
}

type external struct{ kube client.Client }

func (e *external) Observe(ctx context.Context, mg resource.Managed) (managed.ExternalObservation, error) { // want `entry ExternalClient.Observe always`
	return managed.ExternalObservation{}, nil
}

func (e *external) Create(ctx context.Context, mg resource.Managed) (managed.ExternalCreation, error) {
	return managed.ExternalCreation{}, nil
}

func (e *external) Update(ctx context.Context, mg resource.Managed) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, nil
}

func (e *external) Delete(ctx context.Context, mg resource.Managed) (managed.ExternalDelete, error) { // want `entry ExternalClient.Delete deleting` `deletion-only`
	return managed.ExternalDelete{}, nil
}

func (e *external) Disconnect(ctx context.Context) error { return nil }

type finalizer struct{ kube client.Client }

func (f *finalizer) AddFinalizer(ctx context.Context, obj resource.Object) error {
	meta.AddFinalizer(obj, "example.com/refs")
	return f.kube.Update(ctx, obj)
}

func (f *finalizer) RemoveFinalizer(ctx context.Context, obj resource.Object) error { // want `entry Finalizer.RemoveFinalizer deleting` `deletion-only`
	meta.RemoveFinalizer(obj, "example.com/refs")
	return f.kube.Update(ctx, obj)
}
