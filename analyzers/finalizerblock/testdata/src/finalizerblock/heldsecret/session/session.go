// Package session logs a Bucket in to its storage service with the
// credentials of a Secret its spec names, and keeps that Secret while the
// Bucket needs it: Hold puts the Bucket's finalizer on the Secret, Release
// takes it off (a Secret already gone has nothing to release).
package session

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Bucket is the reconciled kind.
type Bucket struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ CredentialsSecret string }
}

func (b *Bucket) DeepCopyObject() runtime.Object { return b }

const holdFinalizer = "storage.example.com/bucket-credentials"

// Session is a Bucket's connection to the storage service.
type Session struct {
	Client client.Client
	Bucket *Bucket
	token  []byte
}

// Login reads the credentials; the lookup's not-found comes back wrapped.
func (s *Session) Login(ctx context.Context) error {
	secret, err := s.secret(ctx)
	if err != nil {
		return fmt.Errorf("login: %w", err)
	}
	s.token = secret.Data["token"]
	return nil
}

// Hold keeps the credentials Secret until Release.
func (s *Session) Hold(ctx context.Context) error {
	secret, err := s.secret(ctx)
	if err != nil {
		return err
	}
	controllerutil.AddFinalizer(secret, holdFinalizer)
	return s.Client.Update(ctx, secret)
}

// Release lets the credentials Secret go.
func (s *Session) Release(ctx context.Context) error {
	secret, err := s.secret(ctx)
	if err != nil {
		return client.IgnoreNotFound(err)
	}
	controllerutil.RemoveFinalizer(secret, holdFinalizer)
	return s.Client.Update(ctx, secret)
}

func (s *Session) secret(ctx context.Context) (*corev1.Secret, error) {
	secret := &corev1.Secret{}
	key := client.ObjectKey{Namespace: s.Bucket.Namespace, Name: s.Bucket.Spec.CredentialsSecret}
	if err := s.Client.Get(ctx, key, secret); err != nil {
		return nil, err
	}
	return secret, nil
}
