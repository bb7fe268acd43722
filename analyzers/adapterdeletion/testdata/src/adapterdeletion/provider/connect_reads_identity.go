// Reproduces providers whose Connect resolves an identity object and then the Secret it names, through one helper: either may be what is missing, and since one is a Secret, which holds the credentials the deletion may need, the finding gives the Secret's fix in the secret category.
package provider

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

// Identity names the Secret that holds a cloud account's token.
type Identity struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec struct{ SecretName string }
}

func (i *Identity) DeepCopyObject() runtime.Object { return i }

type identityConnecter struct {
	kube client.Client
}

func (c *identityConnecter) Connect(ctx context.Context, mg resource.Managed) (managed.ExternalClient, error) {
	obj, ok := mg.(*Object)
	if !ok {
		return nil, errors.New("not an Object")
	}
	token, err := c.token(ctx, obj) // want `Connect resolves a dependency \(c.token, which returns an error when the referenced object is not found\) before checking whether Object is being deleted: .* if the deletion needs what the Secret holds \(credentials to clean up outside the cluster\), keep the Secret until then`
	if err != nil {
		return nil, err
	}
	return &tokenExternal{token: token}, nil
}

// token reads the Identity the object names, then the Secret the Identity
// names.
func (c *identityConnecter) token(ctx context.Context, obj *Object) ([]byte, error) {
	id := &Identity{}
	if err := c.kube.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: obj.Spec.IdentityName}, id); err != nil {
		return nil, err
	}
	s := &corev1.Secret{}
	if err := c.kube.Get(ctx, client.ObjectKey{Namespace: obj.Namespace, Name: id.Spec.SecretName}, s); err != nil {
		return nil, err
	}
	return s.Data["token"], nil
}
