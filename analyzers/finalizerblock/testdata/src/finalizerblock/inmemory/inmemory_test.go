package inmemory

import (
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A test removes the finalizer from a fixture and checks the object in
// memory: nothing is sent to an API server, and nothing is reported.
func TestRemove(t *testing.T) {
	tun := &Tunnel{}
	tun.Finalizers = []string{tunnelFinalizer}
	controllerutil.RemoveFinalizer(tun, tunnelFinalizer)
	if len(tun.Finalizers) != 0 {
		t.Fatal("finalizer kept")
	}
}
