// Reproduces Crossplane providers whose Connect reads the ProviderConfig the managed resource's provider config
// reference names. A connecter that tracks the resource's usage of it (before or after the read, in Connect or in a
// helper it calls) reads an object that waits for the resource: the ProviderConfig reconciler keeps a ProviderConfig
// while a usage refers to it, so the read cannot fail with not-found while the resource exists. A connecter that tracks
// no usage reads an object that can be deleted first.
package provider

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

type ProviderConfig struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Endpoint string
}

func (in *ProviderConfig) DeepCopyObject() runtime.Object { return in }

// usageTracker records that a managed resource uses its ProviderConfig.
type usageTracker interface {
	Track(ctx context.Context, mg resource.Managed) error
}

type trackingConnecter struct {
	kube  client.Client
	usage usageTracker
}

func (c *trackingConnecter) Connect(ctx context.Context, mg resource.Managed) (managed.ExternalClient, error) {
	if err := c.usage.Track(ctx, mg); err != nil {
		return nil, err
	}
	pc := &ProviderConfig{}
	if err := c.kube.Get(ctx, client.ObjectKey{Name: mg.GetProviderConfigReference().Name}, pc); err != nil {
		return nil, err
	}
	return &tokenExternal{token: []byte(pc.Endpoint)}, nil
}

// helperConnecter resolves its ProviderConfig in a helper that tracks the
// usage after the read.
type helperConnecter struct {
	kube  client.Client
	track func(ctx context.Context, mg resource.Managed) error
}

func (c *helperConnecter) Connect(ctx context.Context, mg resource.Managed) (managed.ExternalClient, error) {
	endpoint, err := resolveConfig(ctx, c.kube, c.track, mg)
	if err != nil {
		return nil, err
	}
	return &tokenExternal{token: []byte(endpoint)}, nil
}

func resolveConfig(ctx context.Context, kube client.Client, track func(context.Context, resource.Managed) error, mg resource.Managed) (string, error) {
	ref := mg.GetProviderConfigReference()
	pc := &ProviderConfig{}
	if err := kube.Get(ctx, client.ObjectKey{Name: ref.Name}, pc); err != nil {
		return "", err
	}
	if err := track(ctx, mg); err != nil {
		return "", err
	}
	return pc.Endpoint, nil
}

type untrackedConnecter struct {
	kube client.Client
}

func (c *untrackedConnecter) Connect(ctx context.Context, mg resource.Managed) (managed.ExternalClient, error) {
	ref := mg.GetProviderConfigReference()
	pc := &ProviderConfig{}
	if err := c.kube.Get(ctx, client.ObjectKey{Name: ref.Name}, pc); err != nil { // want `Connect resolves a dependency \(c.kube.Get, which returns an error when the referenced object is not found\) before checking whether the managed resource is being deleted: .*; check deletion first and do not resolve references while deleting`
		return nil, err
	}
	return &tokenExternal{token: []byte(pc.Endpoint)}, nil
}

// otherTrackConnecter tracks the usage of another managed resource, not
// of the one it connects for.
type otherTrackConnecter struct {
	kube   client.Client
	usage  usageTracker
	parent resource.Managed
}

func (c *otherTrackConnecter) Connect(ctx context.Context, mg resource.Managed) (managed.ExternalClient, error) {
	if err := c.usage.Track(ctx, c.parent); err != nil {
		return nil, err
	}
	ref := mg.GetProviderConfigReference()
	pc := &ProviderConfig{}
	if err := c.kube.Get(ctx, client.ObjectKey{Name: ref.Name}, pc); err != nil { // want `Connect resolves a dependency \(c.kube.Get, which returns an error when the referenced object is not found\)`
		return nil, err
	}
	return &tokenExternal{token: []byte(pc.Endpoint)}, nil
}
