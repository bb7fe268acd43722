// Package kube reproduces a generic create-or-update helper: the child travels as client.Object.
package kube

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Apply creates obj, or updates it when it exists.
func Apply(ctx context.Context, c client.Client, obj client.Object) error {
	err := c.Create(ctx, obj)
	if apierrors.IsAlreadyExists(err) {
		return c.Update(ctx, obj)
	}
	return err
}
