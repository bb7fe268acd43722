// Package drift is a stub of github.com/deletionlint/deletionlint/runtime/drift.
package drift

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func MissingChildren(ctx context.Context, c client.Reader, owner client.Object, children ...client.Object) ([]client.Object, error) {
	return nil, nil
}
