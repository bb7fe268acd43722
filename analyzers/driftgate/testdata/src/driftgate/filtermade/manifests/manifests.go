// Package manifests reproduces a library of an operator's own that applies
// objects it is given or decodes from embedded manifests: what it creates is
// known at each call, or not known at all.
package manifests

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Ensure creates the object it is given.
func Ensure(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Create(ctx, obj)
}

// ApplyAll creates the objects of the operator's manifests, whatever their kinds.
func ApplyAll(ctx context.Context, c client.Client) error {
	obj := &unstructured.Unstructured{}
	obj.SetName("from-manifest")
	return c.Create(ctx, obj)
}
