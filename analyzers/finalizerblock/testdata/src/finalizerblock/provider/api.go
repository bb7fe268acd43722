// Package provider reproduces a Crossplane provider: its managed resource // want package:`order\(releases Unstructured\)`
// Bucket, whose external client and finalizer crossplane-runtime's managed
// reconciler calls while the Bucket is being deleted.
package provider

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

const (
	bucketFinalizer = "finalizer.managedresource.crossplane.io"
	refFinalizer    = "example.com/in-use-by-bucket"
)

type Bucket struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec BucketSpec
}

type BucketSpec struct {
	CredentialsSecretRef SecretReference
	References           []ObjectRef
}

type SecretReference struct {
	Name, Namespace string
}

type ObjectRef struct {
	APIVersion, Kind, Name, Namespace string
}

func (in *Bucket) DeepCopyObject() runtime.Object                  { return in }
func (in *Bucket) GetProviderConfigReference() *resource.Reference { return nil }
