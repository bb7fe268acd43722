// Package identity resolves a cluster's cloud credentials in two reads: the
// Identity its spec names, then the Secret that Identity names. Either
// read's not-found is handed back wrapped.
package identity

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Identity names the Secret that holds a cloud account's key.
type Identity struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ SecretName string }
}

func (i *Identity) DeepCopyObject() runtime.Object { return i }

// Clients returns the cloud API key of the Identity named identityName.
func Clients(ctx context.Context, c client.Client, namespace, identityName string) ([]byte, error) {
	id := &Identity{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: identityName}, id); err != nil {
		return nil, fmt.Errorf("identity %s: %w", identityName, err)
	}
	s := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: id.Spec.SecretName}, s); err != nil {
		return nil, fmt.Errorf("identity secret %s: %w", id.Spec.SecretName, err)
	}
	return s.Data["key"], nil
}
