package jobs

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A test that deletes the fixture objects it created, of kinds its test
// data names: test cleanup, not a controller's deletion; silent.
func cleanup(t *testing.T, ctx context.Context, c client.Client, fixture *unstructured.Unstructured) {
	if err := c.Delete(ctx, fixture); err != nil {
		t.Fatal(err)
	}
}
