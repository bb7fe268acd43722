// Package cascade is a stub of github.com/deletionlint/deletionlint/runtime/cascade.
package cascade

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func DeleteAndWait(ctx context.Context, c client.Client, obj client.Object, policy metav1.DeletionPropagation) (gone bool, err error) {
	return false, nil
}

type StuckError struct {
	Object     client.Object
	Finalizers []string
}

func (e *StuckError) Error() string { return "stuck" }
