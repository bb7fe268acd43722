//go:build e2e

package e2e

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGolangciCacheSeesRebuiltPlugin lints the example with a custom
// golangci-lint built by make, edits a rule's message in the sources it was
// built from, rebuilds it the same way and lints again with the same cache:
// the second run must print the new message. golangci-lint keys its result
// cache on the packages, the configuration and the binary's version; when
// the version named only the pinned golangci-lint, the rebuilt binary
// answered from the first binary's findings, so a new finding stayed
// hidden on machines that had linted before (issue 36).
func TestGolangciCacheSeesRebuiltPlugin(t *testing.T) {
	checkout := copyCheckout(t)
	cache := t.TempDir()
	lint := func() *result {
		t.Helper()
		if r := run(t, checkout, nil, "make", "--no-print-directory", "golangci-lint"); r.exitCode != 0 {
			t.Fatalf("building the custom golangci-lint\n%s", r.output())
		}
		cfg := filepath.Join(t.TempDir(), ".golangci.yml")
		if err := os.WriteFile(cfg, []byte(golangciConfig("          enable: []")), 0o644); err != nil {
			t.Fatal(err)
		}
		return run(t, exampleDir(), []string{"GOLANGCI_LINT_CACHE=" + cache},
			filepath.Join(checkout, "bin", "custom-gcl"), "run", "-c", cfg, "./buggy/...")
	}
	const old, edited = "but its controller does not watch it", "but its controller (rebuilt) does not watch it"
	first := lint()
	if !strings.Contains(first.stdout, old) {
		t.Fatalf("the first lint has no %q finding\n%s", old, first.output())
	}
	rule := filepath.Join(checkout, "analyzers", "ownschildren", "ownschildren.go")
	src, err := os.ReadFile(rule)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), old) {
		t.Fatalf("%s no longer holds %q: update this test", rule, old)
	}
	if err := os.WriteFile(rule, []byte(strings.Replace(string(src), old, edited, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	second := lint()
	if !strings.Contains(second.stdout, edited) {
		t.Fatalf("after rebuilding with an edited rule, the lint with the same cache does not print %q: "+
			"golangci-lint answered from the old binary's results\n%s", edited, second.output())
	}
}

// copyCheckout copies the repository, without its binaries and git
// directory, to a temporary directory where make can build and edit it.
func copyCheckout(t *testing.T) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "deletionlint")
	err := filepath.WalkDir(bins.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(bins.root, path)
		if err != nil {
			return err
		}
		if d.IsDir() && (rel == "bin" || rel == ".git") {
			return filepath.SkipDir
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying the checkout: %v", err)
	}
	return dst
}
