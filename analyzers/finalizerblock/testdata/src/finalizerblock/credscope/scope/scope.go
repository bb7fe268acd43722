// Package scope reproduces a Cluster API provider's scope: the object's
// credentials Secret, protected by a finalizer of the controller's, is
// read by a helper that wraps the lookup's error, and released by a
// method that treats a Secret already gone as released
// (client.IgnoreNotFound one call above the lookup).
package scope

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Network is the reconciled kind.
type Network struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	CredentialsRef *corev1.SecretReference
}

func (n *Network) DeepCopyObject() runtime.Object { return n }

type NetworkScope struct {
	Client  client.Client
	Network *Network
}

// RemoveCredentialsFinalizer releases the credentials Secret; a Secret
// already gone has nothing to release.
func (s *NetworkScope) RemoveCredentialsFinalizer(ctx context.Context) error {
	if s.Network.CredentialsRef == nil {
		return nil
	}
	return releaseSecret(ctx, s.Client, *s.Network.CredentialsRef, "example.com/network")
}

// Credentials returns the API token, failing when the Secret is gone.
func (s *NetworkScope) Credentials(ctx context.Context) ([]byte, error) {
	secret, err := getSecret(ctx, s.Client, *s.Network.CredentialsRef)
	if err != nil {
		return nil, fmt.Errorf("credentials: %w", err)
	}
	return secret.Data["token"], nil
}

func releaseSecret(ctx context.Context, c client.Client, ref corev1.SecretReference, finalizer string) error {
	secret, err := getSecret(ctx, c, ref)
	if err != nil {
		return client.IgnoreNotFound(err)
	}
	controllerutil.RemoveFinalizer(secret, finalizer)
	if err := c.Update(ctx, secret); err != nil {
		return fmt.Errorf("release %s: %w", secret.Name, err)
	}
	return nil
}

func getSecret(ctx context.Context, c client.Client, ref corev1.SecretReference) (*corev1.Secret, error) {
	var secret corev1.Secret
	if err := c.Get(ctx, client.ObjectKey{Namespace: ref.Namespace, Name: ref.Name}, &secret); err != nil {
		return nil, fmt.Errorf("get secret %s: %w", ref.Name, err)
	}
	return &secret, nil
}
