package callees_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
)

const src = `package p

type Getter interface{ Get() int }

type A struct{}

func (A) Get() int { return 1 }

type B struct{}

func (*B) Get() int { return 2 }

type C struct{}

func (C) Get() string { return "" } // another signature: not a Getter

func Get() int { return 0 } // no receiver

func use(g Getter) int { return g.Get() }
`

func TestImplementing(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	var fns []*types.Func
	for _, obj := range info.Defs {
		if fn, ok := obj.(*types.Func); ok {
			fns = append(fns, fn)
		}
	}
	ms := callees.NewMethods(fns)
	m := pkg.Scope().Lookup("Getter").Type().Underlying().(*types.Interface).Method(0)
	var got []string
	for _, fn := range callees.Implementations(m, ms, ms) {
		got = append(got, types.TypeString(fn.Signature().Recv().Type(), nil))
	}
	if want := []string{"*p.B", "p.A"}; len(got) != 2 || got[0] != want[0] && got[0] != want[1] || got[0] == got[1] {
		t.Errorf("implementations of Getter.Get: %v, want %v (once each)", got, want)
	}
	if len(ms.Named("Get")) != 4 {
		t.Errorf("methods named Get: %d, want 4 (A's, B's, C's and Getter's; the function Get is not a method)", len(ms.Named("Get")))
	}
	if impl := ms.Implementing(pkg.Scope().Lookup("Get").(*types.Func)); impl != nil {
		t.Errorf("a function that is no interface method has implementations: %v", impl)
	}
}
