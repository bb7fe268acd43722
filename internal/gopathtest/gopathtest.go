// Package gopathtest builds the GOPATH tree that the analyzers' tests load
// with analysistest: a package's own cases (testdata/src beside its tests)
// and the stub packages that every analyzer's tests share
// (analyzers/internal/testdata/src: k8s.io, sigs.k8s.io, github.com ...),
// copied together into a temporary directory.
//
// The repository holds the tree in the form a module zip keeps: the go
// command leaves symbolic links, vendor directories and nested modules out
// of module zips, so tests that relied on them could not pass from the
// module as the proxy serves it. A case that needs vendored packages (an
// operator on an old controller-runtime, whose vendor directory holds that
// version's stubs) keeps them in a directory named _vendor, which the copy
// names vendor; a case that is a module of its own (its directory the
// repository whose RBAC manifests are read) keeps its go.mod as _go.mod,
// which the copy names go.mod.
package gopathtest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestData returns the root of a GOPATH tree whose src holds the calling
// test's testdata/src and the shared stubs. It is analysistest.TestData for
// the analyzers: pass it to analysistest.Run.
func TestData(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	return Of(t, dir)
}

// Of is TestData for the testdata directory dir of another package (a shape
// that stays with the rule whose behaviour depends on it).
func Of(t testing.TB, dir string) string {
	t.Helper()
	root := t.TempDir()
	if err := Tree(root, dir); err != nil {
		t.Fatalf("gopathtest: %v", err)
	}
	return root
}

// Tree makes root a GOPATH tree whose src holds the cases of the testdata
// directory dir and the shared stubs, for a test that runs a program on
// them (the deletionlint command) rather than analysistest.
func Tree(root, dir string) error {
	src := filepath.Join(root, "src")
	for _, from := range []string{filepath.Join(dir, "src"), StubsDir()} {
		if err := copyTree(src, from); err != nil {
			return err
		}
	}
	// The cases belong to deletionlint's module, as they did when they were
	// loaded in place: rules that word a finding by the go.mod of the
	// analysed code (lint.RuntimeHelper) find this one. The go command
	// ignores it in GOPATH mode.
	return os.WriteFile(filepath.Join(src, "go.mod"), []byte("module "+testModule+"\n"), 0o644)
}

// testModule is the module the test cases are said to belong to.
const testModule = "github.com/deletionlint/deletionlint/analyzers/testdata"

// copyTree copies the files below from into to, naming each _vendor
// directory vendor and each _go.mod file go.mod. A file that exists
// already is an error: a case must not shadow a stub.
func copyTree(to, from string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		parts := strings.Split(rel, string(filepath.Separator))
		for i, p := range parts {
			switch {
			case p == "_vendor":
				parts[i] = "vendor"
			case p == "_go.mod" && i == len(parts)-1 && !d.IsDir():
				parts[i] = "go.mod"
			}
		}
		dst := filepath.Join(to, filepath.Join(parts...))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if _, err := os.Lstat(dst); err == nil {
			return fmt.Errorf("%s and another tree both have %s", from, rel)
		}
		return os.WriteFile(dst, data, 0o644)
	})
}

// StubsDir returns the directory of the shared stub packages, a GOPATH src
// directory.
func StubsDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "analyzers", "internal", "testdata", "src")
}

// Categories counts the diagnostics of results by category: a rule's test
// that the sub-check behind each finding is the one its message names.
func Categories(results []*analysistest.Result) map[string]int {
	out := make(map[string]int)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			out[d.Category]++
		}
	}
	return out
}
