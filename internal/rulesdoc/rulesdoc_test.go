package rulesdoc_test

import (
	"bytes"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/internal/config"
	"github.com/deletionlint/deletionlint/internal/rulesdoc"
)

var update = flag.Bool("update", false, "rewrite the generated files (make docs)")

// root is the repository's root.
var root = filepath.Join("..", "..")

// The files generated from the rules' descriptors are current: make docs
// (go test ./internal/rulesdoc -run TestGeneratedCurrent -update) rewrites
// them.
func TestGeneratedCurrent(t *testing.T) {
	for _, f := range rulesdoc.Files(root) {
		got, want, err := f.Read(root)
		if err != nil {
			t.Error(err)
			continue
		}
		if *update {
			if !bytes.Equal(got, want) {
				if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(f.Path)), want, 0o644); err != nil {
					t.Error(err)
				}
			}
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run make docs", f.Path)
		}
	}
}

// Every runtime helper the registry names exists in the runtime module, as
// a function or a type of the package it is named in.
func TestHelpersExist(t *testing.T) {
	for _, r := range analyzers.Rules() {
		for _, h := range r.Helpers {
			pkg, name, ok := strings.Cut(h, ".")
			if !ok {
				t.Errorf("%s: helper %q is not package.Name", r.Name, h)
				continue
			}
			if !declares(t, filepath.Join("..", "..", "runtime", pkg), name) {
				t.Errorf("%s: the runtime module has no %s", r.Name, h)
			}
		}
	}
}

// declares reports whether the Go package in dir declares a top-level
// function or type called name.
func declares(t *testing.T, dir, name string) bool {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name == name {
					return true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == name {
						return true
					}
				}
			}
		}
	}
	return false
}

// The settings docs/golangci.md shows are a document users can copy: read
// as the configuration file is and applied as every driver applies it,
// they are accepted, and they are the defaults.
func TestGolangciSettingsApply(t *testing.T) {
	var doc strings.Builder
	in := false
	for _, line := range strings.Split(string(rulesdoc.GolangciSettings()), "\n") {
		switch {
		case strings.TrimSpace(line) == "settings:":
			in = true
		case in && strings.HasPrefix(line, strings.Repeat(" ", 10)):
			doc.WriteString(line[10:] + "\n")
		case in:
			in = false
		}
	}
	path := filepath.Join(t.TempDir(), config.FileName)
	if err := os.WriteFile(path, []byte(doc.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := config.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	settings, err := analyzers.DecodeSettings(f.Settings)
	if err != nil {
		t.Fatal(err)
	}
	if len(settings) != len(analyzers.Keys()) {
		t.Errorf("the document has %d keys, want the %d of analyzers.Keys:\n%s", len(settings), len(analyzers.Keys()), doc.String())
	}
	defaults := func() string {
		var b strings.Builder
		analyzers.GlobalFlags().VisitAll(func(f *flag.Flag) { b.WriteString(f.Name + "=" + f.Value.String() + "\n") })
		return b.String()
	}
	want := defaults()
	t.Cleanup(func() {
		if _, err := analyzers.Apply(nil, ""); err != nil {
			t.Error(err)
		}
	})
	if _, err := analyzers.Apply(settings, ""); err != nil {
		t.Fatal(err)
	}
	if got := defaults(); got != want {
		t.Errorf("the document sets the shared settings to\n%s\nwant their defaults\n%s", got, want)
	}
}
