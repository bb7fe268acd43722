//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// deployedRole is a hand-written install manifest for the example's fixed
// controllers: with the finalizers line, it grants what the SiteConfig's
// controller references need.
const deployedRole = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: operator
rules:
- apiGroups: [hosting.deletionlint.dev]
  resources:
  - siteconfigs
  - siteconfigs/finalizers
  verbs: [get, list, watch, update]
`

// TestVetSeesManifestEdit: finalizersrbac reads RBAC manifests, files go
// vet does not know the package depends on; go vet caches a clean run's
// result by the package's inputs and the tool's -V=full line, which folds
// in the manifests' names, sizes and times. After the install manifest
// loses the finalizers grant, the next go vet reports it instead of the
// cached clean result; after it gets it back, the finding goes.
func TestVetSeesManifestEdit(t *testing.T) {
	dir := copyModule(t, exampleDir())
	role := filepath.Join(dir, "deploy", "role.yaml")
	if err := os.MkdirAll(filepath.Dir(role), 0o755); err != nil {
		t.Fatal(err)
	}
	writeRole := func(data string) {
		t.Helper()
		if err := os.WriteFile(role, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		// A later modification time than the previous write, on file
		// systems with coarse times.
		next := time.Now().Add(time.Duration(len(data)) * time.Second)
		if err := os.Chtimes(role, next, next); err != nil {
			t.Fatal(err)
		}
	}
	vet := func() *result {
		t.Helper()
		return run(t, dir, nil, "go", "vet", "-vettool="+bins.deletionlint, "-finalizersrbac", "./fixed/...")
	}
	writeRole(deployedRole)
	if r := vet(); r.exitCode != 0 {
		t.Fatalf("with the grant: want a clean run\n%s", r.output())
	}
	if r := vet(); r.exitCode != 0 {
		t.Fatalf("with the grant, again (cached): want a clean run\n%s", r.output())
	}
	writeRole(strings.Replace(deployedRole, "  - siteconfigs/finalizers\n", "", 1))
	r := vet()
	if r.exitCode == 0 || !strings.Contains(r.stderr, "the roles under deploy grant siteconfigs but not siteconfigs/finalizers") {
		t.Fatalf("without the grant: want the finding, not the cached clean result\n%s", r.output())
	}
	writeRole(deployedRole)
	if r := vet(); r.exitCode != 0 {
		t.Fatalf("with the grant back: want a clean run\n%s", r.output())
	}
}
