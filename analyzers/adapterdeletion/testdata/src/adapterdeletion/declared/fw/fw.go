// Package fw reproduces the API of a reconciler library whose reconciler
// deletionlint does not see (it is generated, or built by reflection): only
// the interface its users implement.
package fw

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Syncer is called on every reconcile of an object, deletion included.
type Syncer interface {
	Sync(ctx context.Context, obj client.Object) error
}
