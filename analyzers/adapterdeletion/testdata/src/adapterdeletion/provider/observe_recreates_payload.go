// Reproduces a provider whose Observe reads the Secret its spec names and, when that Secret is missing, creates it
// again from what the external resource holds: a missing Secret does not fail Observe, so the deletion goes on.
package provider

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

type recreatingExternal struct {
	base
	hooks *payloadHooks
}

func (e *recreatingExternal) Observe(ctx context.Context, mg resource.Managed) (managed.ExternalObservation, error) {
	obj, ok := mg.(*Object)
	if !ok {
		return managed.ExternalObservation{}, errors.New("not an Object")
	}
	if err := e.hooks.restore(ctx, obj); err != nil {
		return managed.ExternalObservation{}, err
	}
	return managed.ExternalObservation{ResourceExists: true}, nil
}

// restore creates the payload Secret again when it is missing.
func (h *payloadHooks) restore(ctx context.Context, obj *Object) error {
	_, err := h.payload(ctx, obj)
	if err := client.IgnoreNotFound(err); err != nil {
		return err
	}
	if !apierrors.IsNotFound(err) {
		return nil
	}
	ref := obj.Spec.Payload.StringRef
	if ref == nil {
		return errors.New("no secret reference")
	}
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: ref.Name, Namespace: ref.Namespace}}
	return h.kube.Create(ctx, s)
}
