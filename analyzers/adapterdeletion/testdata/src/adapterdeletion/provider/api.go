// Package provider reproduces a Crossplane provider: a managed resource
// whose spec references other objects, and external clients that
// crossplane-runtime's managed reconciler calls on every reconcile,
// deletion included.
package provider

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/crossplane/crossplane-runtime/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

type Object struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ObjectSpec
}

type ObjectSpec struct {
	References []Reference
	// CredentialsSecretName names the Secret Connect reads its token from.
	CredentialsSecretName string
	// IdentityName names the Identity whose Secret holds the token.
	IdentityName string
	// Inputs are the ConfigMaps a plan reads its settings from.
	Inputs []Input
	// Payload names the Secret whose key holds what the external
	// resource stores.
	Payload PayloadSource
}

// PayloadSource names the key of a Secret, as a string or as bytes.
type PayloadSource struct {
	StringRef, BinaryRef *KeyReference
}

// Input is an entry of the spec's list of inputs: part of the Object,
// holding a reference of its own.
type Input struct {
	Format       string
	ConfigMapRef *KeyReference
	SecretRef    *KeyReference
}

// KeyReference names a key of a ConfigMap or a Secret.
type KeyReference struct{ Name, Namespace, Key string }

type Reference struct {
	APIVersion, Kind, Name, Namespace string
	FieldPath                         string
}

func (in *Object) DeepCopyObject() runtime.Object                  { return in }
func (in *Object) GetProviderConfigReference() *resource.Reference { return nil }

// base has the methods of managed.ExternalClient that no case looks at.
type base struct{}

func (base) Create(ctx context.Context, mg resource.Managed) (managed.ExternalCreation, error) {
	return managed.ExternalCreation{}, nil
}

func (base) Update(ctx context.Context, mg resource.Managed) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, nil
}

func (base) Delete(ctx context.Context, mg resource.Managed) (managed.ExternalDelete, error) {
	return managed.ExternalDelete{}, nil
}

func (base) Disconnect(ctx context.Context) error { return nil }
