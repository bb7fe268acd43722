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
	"github.com/deletionlint/deletionlint/internal/rulesdoc"
	"github.com/deletionlint/deletionlint/internal/validation"
)

var update = flag.Bool("update", false, "rewrite docs/rules.md and the README's table of rules")

var file = filepath.Join("..", "..", "docs", "rules.md")

// docs/rules.md is what the registry and the rules' doc.go say; make docs
// (go test ./internal/rulesdoc -update) rewrites it.
func TestRulesDocCurrent(t *testing.T) {
	want := rulesdoc.Markdown()
	if *update {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (make docs writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/rules.md is stale: run make docs")
	}
}

// The README's table of rules is what the registry, the rules' doc.go and
// the validation corpus say; make docs rewrites it.
func TestReadmeTableCurrent(t *testing.T) {
	readme := filepath.Join("..", "..", "README.md")
	counts, err := validation.Corpus(filepath.Join("..", "..", "docs", "validation"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	want, err := rulesdoc.ReplaceReadmeTable(got, rulesdoc.ReadmeTable(counts))
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(readme, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the README's table of rules is stale: run make docs")
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
