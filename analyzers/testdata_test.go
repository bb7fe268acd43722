package analyzers

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// TestTestdataTypeChecks loads every analyzer's test cases as analysistest
// does and fails on a parse or type error. The rules run despite errors
// (RunDespiteErrors), so analysistest does not fail on them: a case that
// calls a method the stubs lack, or misspells a type, silently loses the
// calls the rule was meant to see, and a "must not flag" case passes for
// the wrong reason. A case that is ill-typed on purpose (the rules must not
// panic on it) lives in a directory named illtyped.
func TestTestdataTypeChecks(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every test case")
	}
	var dirs []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			if _, err := os.Stat(filepath.Join(path, "src")); err == nil && path != filepath.Join("internal", "testdata") {
				dirs = append(dirs, path)
			}
			return filepath.SkipDir
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			abs, err := filepath.Abs(dir)
			if err != nil {
				t.Fatal(err)
			}
			entries, err := os.ReadDir(filepath.Join(abs, "src"))
			if err != nil {
				t.Fatal(err)
			}
			var patterns []string
			for _, e := range entries {
				if e.IsDir() && !strings.Contains(e.Name(), ".") {
					patterns = append(patterns, e.Name()+"/...")
				}
			}
			root := abs
			if _, err := os.Stat(filepath.Join(abs, "src", "k8s.io")); err != nil {
				// Loaded with the shared stubs, unless it has its own.
				root = gopathtest.Of(t, abs)
			}
			cfg := &packages.Config{
				Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedDeps,
				Dir:  root,
				Env:  append(os.Environ(), "GOPATH="+root, "GO111MODULE=off", "GOWORK=off", "GOFLAGS="),
			}
			pkgs, err := packages.Load(cfg, patterns...)
			if err != nil {
				t.Fatal(err)
			}
			var bad []string
			packages.Visit(pkgs, nil, func(p *packages.Package) {
				if len(p.Errors) == 0 || slices.Contains(strings.Split(p.PkgPath, "/"), "illtyped") {
					return
				}
				for _, e := range p.Errors {
					bad = append(bad, e.Error())
				}
			})
			slices.Sort(bad)
			for _, e := range slices.Compact(bad) {
				t.Error(e)
			}
		})
	}
}
