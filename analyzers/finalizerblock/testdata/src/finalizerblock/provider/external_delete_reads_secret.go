// Reproduces a Crossplane provider whose external client's Delete reads the credentials Secret its managed resource references and returns the not-found: once the Secret is gone the managed reconciler keeps the Bucket's finalizer forever; reading it with not-found tolerated (and deleting nothing) lets the deletion end.
package provider

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

type external struct {
	kube client.Client
}

func (e *external) Observe(ctx context.Context, mg resource.Managed) (managed.ExternalObservation, error) {
	return managed.ExternalObservation{ResourceExists: true}, nil
}

func (e *external) Create(ctx context.Context, mg resource.Managed) (managed.ExternalCreation, error) {
	return managed.ExternalCreation{}, nil
}

func (e *external) Update(ctx context.Context, mg resource.Managed) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, nil
}

func (e *external) Delete(ctx context.Context, mg resource.Managed) (managed.ExternalDelete, error) {
	b := mg.(*Bucket)
	ref := b.Spec.CredentialsSecretRef
	secret := &corev1.Secret{}
	if err := e.kube.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, secret); err != nil {
		return managed.ExternalDelete{}, err // want `when the Secret named by ref.Name is already deleted, this return keeps Bucket from ever reaching the removal of its finalizer: managed.Reconciler.Reconcile calls ExternalClient.Delete only while Bucket is being deleted, and keeps the finalizer while it fails; if the deletion needs what the Secret holds \(credentials to clean up outside the cluster\), keep the Secret until then with a finalizer that this deletion removes last \(a namespace deletion deletes both in any order\); otherwise treat not-found as gone while deleting`
	}
	return managed.ExternalDelete{}, nil
}

func (e *external) Disconnect(ctx context.Context) error { return nil }

type tolerantExternal struct {
	external
}

func (e *tolerantExternal) Delete(ctx context.Context, mg resource.Managed) (managed.ExternalDelete, error) {
	b := mg.(*Bucket)
	ref := b.Spec.CredentialsSecretRef
	secret := &corev1.Secret{}
	if err := e.kube.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, secret); err != nil {
		return managed.ExternalDelete{}, client.IgnoreNotFound(err)
	}
	return managed.ExternalDelete{}, nil
}

// cacheExternal deletes a ConfigMap it made by name: the managed
// reconciler calls Delete only after Observe found the resource, so a
// not-found there is a race the next Observe settles.
type cacheExternal struct {
	external
}

func (e *cacheExternal) Delete(ctx context.Context, mg resource.Managed) (managed.ExternalDelete, error) {
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = mg.GetName(), mg.GetNamespace()
	if err := e.kube.Delete(ctx, cm); err != nil {
		return managed.ExternalDelete{}, err
	}
	return managed.ExternalDelete{}, nil
}
