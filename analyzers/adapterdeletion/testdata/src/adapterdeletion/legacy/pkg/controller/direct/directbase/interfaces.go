// Package directbase reproduces an example operator's own copy of Config Connector's directbase package, with the older Model interface whose AdapterForObject takes the reader and the unstructured object.
package directbase

import (
	"context"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Model interface {
	AdapterForObject(ctx context.Context, reader client.Reader, u *unstructured.Unstructured) (Adapter, error)
}

type Adapter interface {
	Delete(ctx context.Context) (deleted bool, err error)
	Find(ctx context.Context) (found bool, err error)
	Create(ctx context.Context, u *unstructured.Unstructured) error
	Update(ctx context.Context, u *unstructured.Unstructured) error
}
