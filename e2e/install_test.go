//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeShBlock returns the ```sh block of the README after the comment that
// starts with marker.
func readmeShBlock(t *testing.T, marker string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(bins.root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?s)<!-- " + regexp.QuoteMeta(marker) + "[^>]*-->\\s*```sh\n(.*?)```")
	m := re.FindSubmatch(data)
	if m == nil {
		t.Fatalf("README.md has no ```sh block after <!-- %s ... -->", marker)
	}
	return string(m[1])
}

// TestInstallFromCheckout runs the README's install lines for the time
// before the first tag, as written, in a new module of a user's (go 1.24,
// as many are): the command installed with go install, then as a tool
// dependency, which go tool runs; then the runtime module, once the code
// imports it, which must build.
func TestInstallFromCheckout(t *testing.T) {
	mod := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(mod, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/operator\n\ngo 1.24\n")
	write("main.go", "package main\n\nfunc main() {}\n")
	gobin := t.TempDir()
	env := []string{"DELETIONLINT=" + bins.root, "GOBIN=" + gobin}
	sh := func(block string) {
		t.Helper()
		r := run(t, mod, env, "bash", "-euo", "pipefail", "-c", block)
		if r.exitCode != 0 {
			t.Fatalf("the README's lines failed\n%s", r.output())
		}
	}
	sh(readmeShBlock(t, "install from a checkout"))
	if _, err := os.Stat(filepath.Join(gobin, "deletionlint")); err != nil {
		t.Errorf("go install put no deletionlint in GOBIN: %v", err)
	}
	gomod, err := os.ReadFile(filepath.Join(mod, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(gomod), "\ntool github.com/deletionlint/deletionlint/cmd/deletionlint\n") ||
		!strings.Contains(string(gomod), "\ngo 1.26") {
		t.Errorf("go.mod after the tool lines has no tool line or no go 1.26 line, as the README says:\n%s", gomod)
	}
	write("uses_runtime.go", "package main\n\nimport _ \"github.com/deletionlint/deletionlint/runtime/ownership\"\n")
	sh(readmeShBlock(t, "runtime from a checkout"))
	if r := run(t, mod, nil, "go", "build", "./..."); r.exitCode != 0 {
		t.Errorf("the module does not build with the runtime\n%s", r.output())
	}
}
