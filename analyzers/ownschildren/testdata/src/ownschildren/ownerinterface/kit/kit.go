// Package kit reproduces a shared helper package whose helper takes the owner as a client.Object: the kind owned is the one each caller passes.
package kit

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// EnsureConfig creates the owner's ConfigMap.
func EnsureConfig(ctx context.Context, c client.Client, owner client.Object, scheme *runtime.Scheme) error {
	cm := &corev1.ConfigMap{}
	if err := controllerutil.SetControllerReference(owner, cm, scheme); err != nil {
		return err
	}
	return c.Create(ctx, cm)
}
