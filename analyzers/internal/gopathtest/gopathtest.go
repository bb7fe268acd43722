// Package gopathtest builds the GOPATH tree that the analyzers' tests load
// with analysistest: a package's own cases (testdata/src beside its tests)
// and the stub packages that every analyzer's tests share
// (analyzers/internal/testdata/src: k8s.io, sigs.k8s.io, github.com ...),
// joined in a temporary directory.
//
// The repository holds no symbolic links for this: the go command leaves
// them out of module zips, so tests that relied on links in testdata could
// not pass from the module as the proxy serves it. The links made here live
// only in the test's temporary directory.
package gopathtest

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
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
	src := filepath.Join(root, "src")
	// The cases are copied: the go command does not follow symbolic links
	// when it expands a pattern such as "rule/shape/...".
	if err := os.CopyFS(src, os.DirFS(filepath.Join(dir, "src"))); err != nil {
		t.Fatal(err)
	}
	stubs, err := os.ReadDir(StubsDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range stubs {
		// A case must not shadow a stub's root directory: Symlink fails
		// when the name is taken.
		if err := os.Symlink(filepath.Join(StubsDir(), e.Name()), filepath.Join(src, e.Name())); err != nil {
			t.Fatalf("gopathtest: %v", err)
		}
	}
	// The cases belong to deletionlint's module, as they did when they were
	// loaded in place: rules that word a finding by the go.mod of the
	// analysed code (lint.RuntimeHelper) find this one. The go command
	// ignores it in GOPATH mode.
	if err := os.WriteFile(filepath.Join(src, "go.mod"), []byte("module "+testModule+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// testModule is the module the test cases are said to belong to.
const testModule = "github.com/deletionlint/deletionlint/analyzers/testdata"

// StubsDir returns the directory of the shared stub packages, a GOPATH src
// directory.
func StubsDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "src")
}
