package rbac

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMarkersDeployed: the packages whose markers become a role are those
// under the paths of a Makefile's controller-gen rbac generation; without
// one (or with paths a variable gives) every package's are.
func TestMarkersDeployed(t *testing.T) {
	for _, tc := range []struct {
		name, makefile string
		deployed       map[string]bool // package dir -> want
	}{
		{"none", "", map[string]bool{"internal/controller": true}},
		{"kubebuilder", "manifests:\n\t$(CONTROLLER_GEN) rbac:roleName=manager-role crd webhook paths=\"./...\" output:crd:artifacts:config=config/crd/bases\n",
			map[string]bool{"internal/controller": true, ".": true}},
		{"api only", "manifests: controller-gen\n\t$(CONTROLLER_GEN) rbac:roleName=manager-role webhook paths=\"./apis/a/...\" output:crd:dir=x\n\t$(CONTROLLER_GEN) rbac:roleName=manager-role paths=\"./apis/b/...\"\n",
			map[string]bool{"controllers": false, "apis/a/v1": true, "apis/b": true}},
		{"several", "gen:\n\tcontroller-gen rbac:roleName=r \\\n\t  paths=\"{./cmd/...,./pkg/controller}\"\n",
			map[string]bool{"pkg/controller": true, "pkg/controller/sub": false, "cmd/op": true, "internal": false}},
		{"variable", "gen:\n\t$(CONTROLLER_GEN) rbac:roleName=r paths=$(PKGS)\n", map[string]bool{"anything": true}},
		{"no rbac", "gen:\n\t$(CONTROLLER_GEN) object paths=./api/...\n", map[string]bool{"internal": true}},
		{"not a recipe", "# controller-gen rbac:roleName=r paths=./api/...\nX = controller-gen rbac: paths=./api/...\n", map[string]bool{"internal": true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.makefile != "" {
				if err := os.WriteFile(filepath.Join(dir, "Makefile"), []byte(tc.makefile), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			m := new(Manifests)
			m.readGenerations(dir)
			for pkg, want := range tc.deployed {
				if got := m.markersDeployed(filepath.Join(dir, pkg)); got != want {
					t.Errorf("markersDeployed(%s) = %v, want %v", pkg, got, want)
				}
			}
		})
	}
}
