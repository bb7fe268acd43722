package callees_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
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

// Closer's Get is, for M, base's: promoted from the struct M embeds.
type Closer interface {
	Get() int
	Close()
}

type base struct{}

func (base) Get() int { return 3 }

type M struct{ base }

func (*M) Close() {}
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
	if want := []string{"p.A", "*p.B", "p.base"}; !slices.Equal(got, want) {
		t.Errorf("implementations of Getter.Get: %v, want %v (once each, sorted by key)", got, want)
	}
	if len(ms.Named("Get")) != 6 {
		t.Errorf("methods named Get: %d, want 6 (A's, B's, C's, base's, Getter's and Closer's; the function Get is not a method)", len(ms.Named("Get")))
	}
	closer := pkg.Scope().Lookup("Closer").Type().Underlying().(*types.Interface)
	for i := range closer.NumMethods() {
		m := closer.Method(i)
		var got []string
		for _, fn := range ms.Implementing(m) {
			got = append(got, types.TypeString(fn.Signature().Recv().Type(), nil))
		}
		want := map[string]string{"Get": "p.base", "Close": "*p.M"}[m.Name()]
		if len(got) != 1 || got[0] != want {
			t.Errorf("implementations of Closer.%s: %v, want [%s] (M's, promoted from base for Get)", m.Name(), got, want)
		}
	}
	if impl := ms.Implementing(pkg.Scope().Lookup("Get").(*types.Func)); impl != nil {
		t.Errorf("a function that is no interface method has implementations: %v", impl)
	}
}
