package analyzers_test

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/ast/astutil"
)

// The stubs of the runtime module under testdata/src are what the rules'
// tests recognise as the correct patterns; the rules must recognise the
// real helpers, so every name a stub declares must exist in the runtime
// module with the same signature (parameter and result types, with package
// names resolved to import paths; parameter names may differ).
func TestRuntimeStubsMatchRuntime(t *testing.T) {
	stubs := filepath.Join("internal", "testdata", "src", "github.com", "deletionlint", "deletionlint", "runtime")
	real := filepath.Join("..", "runtime")
	if _, err := os.Stat(filepath.Join(real, "go.mod")); err != nil {
		// The analyzers' module as the proxy serves it holds no nested
		// module: this checks the repository, not the published analyzers.
		t.Skip("the runtime module's source is not beside the analyzers (a module zip)")
	}
	entries, err := os.ReadDir(stubs)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		stub := exported(t, filepath.Join(stubs, e.Name()))
		have := exported(t, filepath.Join(real, e.Name()))
		for name, sig := range stub {
			n++
			got, ok := have[name]
			switch {
			case !ok:
				t.Errorf("runtime/%s: the stub declares %s, the runtime module does not", e.Name(), name)
			case got != sig:
				t.Errorf("runtime/%s.%s: the stub has\n\t%s\nthe runtime module has\n\t%s", e.Name(), name, sig, got)
			}
		}
	}
	if n == 0 {
		t.Fatal("no stub of the runtime module found")
	}
}

// exported returns, for each exported top-level name of the package in dir
// (methods as Type.Method), a description: the signature of a function or
// method, the kind of a type, "var" or "const".
func exported(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string]string)
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		imports := make(map[string]string) // local name -> path
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			name := filepath.Base(path)
			if imp.Name != nil {
				name = imp.Name.Name
			}
			imports[name] = path
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				name := d.Name.Name
				if d.Recv != nil {
					recv := typeString(imports, d.Recv.List[0].Type)
					recv = strings.TrimLeft(recv, "*")
					recv, _, _ = strings.Cut(recv, "[")
					name = recv + "." + name
				}
				out[name] = "func" + typeString(imports, withoutNames(d.Type))[len("func"):]
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							out[s.Name.Name] = "type " + kind(s.Type)
						}
					case *ast.ValueSpec:
						for _, id := range s.Names {
							if id.IsExported() {
								out[id.Name] = d.Tok.String()
							}
						}
					}
				}
			}
		}
	}
	return out
}

// withoutNames returns a copy of a function type without parameter and
// result names, each parameter or result listed on its own.
func withoutNames(ft *ast.FuncType) *ast.FuncType {
	strip := func(fl *ast.FieldList) *ast.FieldList {
		if fl == nil {
			return nil
		}
		out := &ast.FieldList{}
		for _, f := range fl.List {
			n := max(len(f.Names), 1)
			for range n {
				out.List = append(out.List, &ast.Field{Type: f.Type})
			}
		}
		return out
	}
	return &ast.FuncType{TypeParams: ft.TypeParams, Params: strip(ft.Params), Results: strip(ft.Results)}
}

// typeString prints a type expression with package names replaced by their
// import paths.
func typeString(imports map[string]string, e ast.Expr) string {
	e = astutil.Apply(e, func(c *astutil.Cursor) bool {
		if sel, ok := c.Node().(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				if path, ok := imports[id.Name]; ok {
					c.Replace(ast.NewIdent(path + "." + sel.Sel.Name))
				}
			}
		}
		return true
	}, nil).(ast.Expr)
	var b strings.Builder
	if err := printer.Fprint(&b, token.NewFileSet(), e); err != nil {
		return err.Error()
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

func kind(e ast.Expr) string {
	switch e.(type) {
	case *ast.StructType:
		return "struct"
	case *ast.InterfaceType:
		return "interface"
	case *ast.FuncType:
		return "func"
	}
	return "other"
}
