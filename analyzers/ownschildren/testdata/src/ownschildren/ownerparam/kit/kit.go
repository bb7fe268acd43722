// Package kit is a helper package that creates objects owned by whatever
// owner its callers pass.
package kit

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// CreateServiceAccount creates a ServiceAccount with a controller reference
// to owner.
func CreateServiceAccount(ctx context.Context, c client.Client, owner metav1.Object) error {
	sa := &corev1.ServiceAccount{}
	if err := controllerutil.SetControllerReference(owner, sa, c.Scheme()); err != nil {
		return err
	}
	return c.Create(ctx, sa)
}
