// Reproduces a Crossplane provider whose Connect reads the credentials Secret the managed resource names before anything else, also while it is being deleted: once the Secret is gone Connect fails on every retry and the managed reconciler never removes the finalizer; a connecter that, while deleting, takes a missing Secret to mean there is nothing left to clean up connects all the same.
package provider

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/meta"
	"github.com/crossplane/crossplane-runtime/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

// tokenExternal is a client built from the Secret's token; nil token: a
// client that has nothing to delete.
type tokenExternal struct {
	base
	token []byte
}

func (e *tokenExternal) Observe(ctx context.Context, mg resource.Managed) (managed.ExternalObservation, error) {
	return managed.ExternalObservation{ResourceExists: e.token != nil}, nil
}

type secretConnecter struct {
	kube client.Client
}

func (c *secretConnecter) Connect(ctx context.Context, mg resource.Managed) (managed.ExternalClient, error) {
	obj, ok := mg.(*Object)
	if !ok {
		return nil, errors.New("not an Object")
	}
	s := &corev1.Secret{}
	if err := c.kube.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: obj.Spec.CredentialsSecretName}, s); err != nil { // want `Connect resolves a dependency \(c.kube.Get, which returns an error when the referenced object is not found\) before checking whether Object is being deleted: managed.Reconciler.Reconcile calls ExternalConnecter.Connect on every reconcile, also while Object is being deleted, and keeps its finalizer while it fails, so once the referenced object is gone the finalizer is never removed; if the deletion needs what the Secret holds \(credentials to clean up outside the cluster\), keep the Secret until then with a finalizer that this deletion removes last \(a namespace deletion deletes both in any order\); otherwise check deletion first and do not resolve references while deleting`
		return nil, err
	}
	return &tokenExternal{token: s.Data["token"]}, nil
}

type tolerantConnecter struct {
	kube client.Client
}

func (c *tolerantConnecter) Connect(ctx context.Context, mg resource.Managed) (managed.ExternalClient, error) {
	obj, ok := mg.(*Object)
	if !ok {
		return nil, errors.New("not an Object")
	}
	s := &corev1.Secret{}
	err := c.kube.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: obj.Spec.CredentialsSecretName}, s)
	if apierrors.IsNotFound(err) && meta.WasDeleted(obj) {
		return &tokenExternal{}, nil
	}
	if err != nil {
		return nil, err
	}
	return &tokenExternal{token: s.Data["token"]}, nil
}
