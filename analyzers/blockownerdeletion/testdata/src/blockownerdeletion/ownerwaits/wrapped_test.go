package ownerwaits

import (
	"context"
	"testing"

	"blockownerdeletion/ownerwaits/api"
)

// A unit test calls the deletion phase directly, outside the deletion
// branch: that is not a path the operator takes, and the Convoy still
// waits for its Trucks.
func TestDeleteConvoy(t *testing.T) {
	r := &ConvoyReconciler{}
	s := &convoyScope{convoy: &api.Convoy{}}
	if _, err := r.deleteConvoy(context.Background(), s); err != nil {
		t.Fatal(err)
	}
}
