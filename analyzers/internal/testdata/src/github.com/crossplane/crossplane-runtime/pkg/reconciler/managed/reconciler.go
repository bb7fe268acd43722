// Package managed is a stub of
// github.com/crossplane/crossplane-runtime/pkg/reconciler/managed: the
// managed resource reconciler, which tests deletion itself and calls the
// provider's external client while the managed resource is being deleted.
package managed

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/crossplane/crossplane-runtime/pkg/meta"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

// An ExternalConnecter produces a new ExternalClient given the supplied
// Managed resource.
type ExternalConnecter interface {
	Connect(ctx context.Context, mg resource.Managed) (ExternalClient, error)
}

// An ExternalObservation is the result of an observation of an external
// resource.
type ExternalObservation struct {
	ResourceExists   bool
	ResourceUpToDate bool
}

// ExternalCreation is the result of the creation of an external resource.
type ExternalCreation struct{}

// ExternalUpdate is the result of an update to an external resource.
type ExternalUpdate struct{}

// ExternalDelete is the result of the deletion of an external resource.
type ExternalDelete struct{}

// An ExternalClient manages the lifecycle of an external resource.
type ExternalClient interface {
	Observe(ctx context.Context, mg resource.Managed) (ExternalObservation, error)
	Create(ctx context.Context, mg resource.Managed) (ExternalCreation, error)
	Update(ctx context.Context, mg resource.Managed) (ExternalUpdate, error)
	Delete(ctx context.Context, mg resource.Managed) (ExternalDelete, error)
	Disconnect(ctx context.Context) error
}

// A ReferenceResolver resolves references to other managed resources.
type ReferenceResolver interface {
	ResolveReferences(ctx context.Context, mg resource.Managed) error
}

type mrManaged interface {
	resource.Finalizer
	ReferenceResolver
}

// A Reconciler reconciles managed resources by creating and managing the
// lifecycle of an external resource.
type Reconciler struct {
	client     client.Client
	newManaged func() resource.Managed
	external   ExternalConnecter
	managed    mrManaged
}

// A ReconcilerOption configures a Reconciler.
type ReconcilerOption func(*Reconciler)

// WithExternalConnecter specifies how the Reconciler should connect to the
// API used to sync and delete external resources.
func WithExternalConnecter(c ExternalConnecter) ReconcilerOption {
	return func(r *Reconciler) { r.external = c }
}

// WithFinalizer specifies how the Reconciler should add and remove
// finalizers to and from the managed resource.
func WithFinalizer(f resource.Finalizer) ReconcilerOption {
	return func(r *Reconciler) {
		r.managed = struct {
			resource.Finalizer
			ReferenceResolver
		}{f, r.managed}
	}
}

// Reconcile a managed resource with an external resource.
func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	managed := r.newManaged()
	if err := r.client.Get(ctx, req.NamespacedName, managed); err != nil {
		return reconcile.Result{}, resource.IgnoreNotFound(err)
	}

	// Referenced resources are likely being deleted too: resolve only
	// while the managed resource is not being deleted.
	if !meta.WasDeleted(managed) {
		if err := r.managed.ResolveReferences(ctx, managed); err != nil {
			return reconcile.Result{Requeue: true}, nil
		}
	}

	external, err := r.external.Connect(ctx, managed)
	if err != nil {
		return reconcile.Result{Requeue: true}, nil
	}
	defer external.Disconnect(ctx)

	observation, err := external.Observe(ctx, managed)
	if err != nil {
		return reconcile.Result{Requeue: true}, nil
	}

	if meta.WasDeleted(managed) {
		if observation.ResourceExists {
			if _, err := external.Delete(ctx, managed); err != nil {
				return reconcile.Result{Requeue: true}, nil
			}
			return reconcile.Result{Requeue: true}, nil
		}
		if err := r.managed.RemoveFinalizer(ctx, managed); err != nil {
			return reconcile.Result{Requeue: true}, nil
		}
		return reconcile.Result{}, nil
	}

	if err := r.managed.AddFinalizer(ctx, managed); err != nil {
		return reconcile.Result{Requeue: true}, nil
	}
	if !observation.ResourceExists {
		if _, err := external.Create(ctx, managed); err != nil {
			return reconcile.Result{Requeue: true}, nil
		}
		return reconcile.Result{Requeue: true}, nil
	}
	if !observation.ResourceUpToDate {
		if _, err := external.Update(ctx, managed); err != nil {
			return reconcile.Result{Requeue: true}, nil
		}
	}
	return reconcile.Result{}, nil
}
