// Package shared holds a helper that loads a Secret and creates it, with
// a controller reference to an owner held in an options struct, only when
// it is given one.
package shared

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// OwnerInfo holds the owner a helper gives what it creates.
type OwnerInfo struct {
	owner  metav1.Object
	scheme *runtime.Scheme
}

// NewOwnerInfo returns the OwnerInfo of owner.
func NewOwnerInfo(owner metav1.Object, scheme *runtime.Scheme) *OwnerInfo {
	return &OwnerInfo{owner: owner, scheme: scheme}
}

func (o *OwnerInfo) SetControllerReference(obj metav1.Object) error {
	return controllerutil.SetControllerReference(o.owner, obj, o.scheme)
}

var errNoSecret = errors.New("no shared secret yet")

// LoadOrCreate reads the shared Secret, and creates it when given an owner.
func LoadOrCreate(ctx context.Context, c client.Client, ns string, owner *OwnerInfo) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: ns, Name: "shared"}, s); !apierrors.IsNotFound(err) {
		return s, err
	}
	if owner == nil {
		return nil, errNoSecret
	}
	s.Namespace, s.Name = ns, "shared"
	if err := owner.SetControllerReference(s); err != nil {
		return nil, err
	}
	return s, c.Create(ctx, s)
}

// LoadShared reads the shared Secret; it never creates it.
func LoadShared(ctx context.Context, c client.Client, ns string) (*corev1.Secret, error) {
	return LoadOrCreate(ctx, c, ns, nil)
}
