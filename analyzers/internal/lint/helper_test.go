package lint

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// Findings name a runtime helper only in a module that requires the runtime
// module (or is deletionlint), found from the package's files, also from a
// nested directory; and without a go.mod, only in a package that imports it.
func TestRuntimeHelper(t *testing.T) {
	root := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("uses/go.mod", "module example.com/uses\n\ngo 1.26\n\nrequire (\n\tgithub.com/deletionlint/deletionlint/runtime v0.1.0 // helpers\n)\n")
	write("plain/go.mod", "module example.com/plain\n\ngo 1.26\n\n// not github.com/deletionlint/deletionlint/runtime\nrequire k8s.io/api v0.37.1\n")
	for _, c := range []struct {
		file    string
		imports []string
		want    bool
	}{
		{"uses/internal/controller/c.go", nil, true},
		{"plain/c.go", nil, false},
		{"gopath/src/op/c.go", nil, false},
		{"gopath/src/op2/c.go", []string{"github.com/deletionlint/deletionlint/runtime/finalizer"}, true},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, write(c.file, "package p\n"), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		pkg := types.NewPackage("p", "p")
		var imps []*types.Package
		for _, path := range c.imports {
			imps = append(imps, types.NewPackage(path, filepath.Base(path)))
		}
		pkg.SetImports(imps)
		pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg}
		got := RuntimeHelper(pass, " (helper)") != ""
		if got != c.want {
			t.Errorf("%s: names the helper %v, want %v", c.file, got, c.want)
		}
	}
}
