// Package fw reproduces the API of a reconciler library whose reconciler
// deletionlint does not see: only the interface its users implement.
package fw

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Cleaner is called only while an object is being deleted; the library
// removes the finalizer once it succeeds.
type Cleaner interface {
	Cleanup(ctx context.Context, obj client.Object) error
}
