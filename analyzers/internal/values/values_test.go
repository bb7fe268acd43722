package values_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

const src = `package p

func f() (int, error) { return 0, nil }

var global = 1

func g(param int, m map[string]int) {
	once := 1
	twice := 1
	twice = 2
	fromTuple, err := f()
	comma, ok := m["k"]
	var declared int
	var declaredValue = 3
	var a, b = f()
	opAssigned := 1
	opAssigned += 2
	incremented := 1
	incremented++
	addressed := 1
	_ = &addressed
	for key := range m {
		_ = key
	}
	param = 4
	m["k"] = once
	(m)["j"], twice = 6, 7
	_, _, _, _, _, _, _, _, _, _, _, _ = once, twice, fromTuple, err, comma, ok, declared, declaredValue, a, b, opAssigned, incremented
}
`

func TestIndex(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: make(map[*ast.Ident]types.Object), Uses: make(map[*ast.Ident]types.Object)}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	x := values.New(info, inspector.New([]*ast.File{f}))
	byName := make(map[string]*types.Var)
	for id, obj := range info.Defs {
		if v, ok := obj.(*types.Var); ok && id.Name != "_" {
			byName[id.Name] = v
		}
	}
	text := func(e ast.Expr) string {
		if e == nil {
			return "<nil>"
		}
		return types.ExprString(e)
	}
	for _, tt := range []struct {
		name    string
		sole    string // Sole's value
		assigns int
		zero    bool // some assignment is a declaration without a value
		result  int  // the Result of the first assignment
		multi   bool // the first assignment is Multi
	}{
		{name: "global", sole: "1", assigns: 1},
		{name: "once", sole: "1", assigns: 1},
		{name: "twice", sole: "<nil>", assigns: 3},
		{name: "fromTuple", sole: "<nil>", assigns: 1, multi: true},
		{name: "err", sole: "<nil>", assigns: 1, multi: true, result: 1},
		{name: "comma", sole: "<nil>", assigns: 1, multi: true},
		{name: "ok", sole: "<nil>", assigns: 1, multi: true, result: 1},
		{name: "declared", sole: "<nil>", assigns: 1, zero: true},
		{name: "declaredValue", sole: "3", assigns: 1},
		{name: "b", sole: "<nil>", assigns: 1, multi: true, result: 1},
		{name: "opAssigned", sole: "<nil>", assigns: 2},
		{name: "incremented", sole: "<nil>", assigns: 2},
		{name: "addressed", sole: "<nil>", assigns: 1},
		{name: "key", sole: "<nil>", assigns: 1},
		{name: "param", sole: "4", assigns: 1},
	} {
		v := byName[tt.name]
		if v == nil {
			t.Fatalf("%s: no such variable", tt.name)
		}
		if got := text(x.Sole(v)); got != tt.sole {
			t.Errorf("%s: Sole = %s, want %s", tt.name, got, tt.sole)
		}
		as := x.Assignments(v)
		if len(as) != tt.assigns {
			t.Errorf("%s: %d assignments, want %d", tt.name, len(as), tt.assigns)
			continue
		}
		zero := false
		for _, a := range as {
			zero = zero || a.Zero()
		}
		if zero != tt.zero || as[0].Multi != tt.multi || as[0].Result != tt.result {
			t.Errorf("%s: zero %t multi %t result %d, want %t %t %d", tt.name, zero, as[0].Multi, as[0].Result, tt.zero, tt.multi, tt.result)
		}
	}
	var elems []string
	for _, a := range x.Elements(byName["m"]) {
		elems = append(elems, text(a.Single()))
	}
	if want := []string{"once", "6"}; !slices.Equal(elems, want) {
		t.Errorf("Elements(m) = %v, want %v", elems, want)
	}
	if n := len(x.Assignments(byName["m"])); n != 0 {
		t.Errorf("m: %d assignments, want 0 (an element's is not the map's)", n)
	}
	if !x.Addressed(byName["addressed"]) || x.Addressed(byName["once"]) {
		t.Error("Addressed: want true for addressed only")
	}
	vars := x.Vars()
	for i := 1; i < len(vars); i++ {
		if vars[i-1].Pos() > vars[i].Pos() {
			t.Fatalf("Vars not in declaration order: %s before %s", vars[i-1].Name(), vars[i].Name())
		}
	}
}

const callsSrc = `package p

type r struct{}

func (r) sole(kind string)           {}
func (r) valued(kind string)         {}
func (r) Exported(kind string)       {}
func (r) variadic(kinds ...string)   {}
func generic[T any](v T, kind string) {}
func pair() (string, string)          { return "", "" }
func spread(a, b string)             {}

func use(x r, k string) {
	x.sole("ConfigMap")
	x.sole(k)
	x.valued("Secret")
	f := x.valued
	f("Job")
	x.Exported("Job")
	x.variadic("a", "b")
	generic[int](1, "Role")
	generic(2, "RoleBinding")
	spread(pair())
}
`

func TestArguments(t *testing.T) {
	_, info, x := index(t, callsSrc)
	param := func(fn, name string) *types.Var {
		for id, obj := range info.Defs {
			if d, ok := obj.(*types.Func); ok && id.Name == fn {
				params := d.Signature().Params()
				for i := range params.Len() {
					if params.At(i).Name() == name {
						return params.At(i)
					}
				}
			}
		}
		t.Fatalf("no parameter %s of %s", name, fn)
		return nil
	}
	for _, tt := range []struct {
		fn, param string
		want      []string // nil: not all known
	}{
		{"sole", "kind", []string{`"ConfigMap"`, "k"}},
		{"valued", "kind", nil},   // also a method value
		{"Exported", "kind", nil}, // other packages may call it
		{"variadic", "kinds", nil},
		{"generic", "kind", []string{`"Role"`, `"RoleBinding"`}},
		{"spread", "a", nil},
		{"use", "k", []string{}}, // never called
	} {
		args, ok := x.Arguments(param(tt.fn, tt.param))
		if ok != (tt.want != nil) {
			t.Errorf("%s(%s): ok = %t, want %t", tt.fn, tt.param, ok, tt.want != nil)
			continue
		}
		var got []string
		for _, a := range args {
			got = append(got, types.ExprString(a.Expr))
			if a.Func == nil || a.Func.Name.Name != "use" {
				t.Errorf("%s(%s): argument %s not placed in use", tt.fn, tt.param, types.ExprString(a.Expr))
			}
		}
		if len(got) != len(tt.want) || !slices.Equal(got, tt.want) {
			t.Errorf("%s(%s): arguments %q, want %q", tt.fn, tt.param, got, tt.want)
		}
	}
	if _, ok := x.Arguments(nil); ok {
		t.Error("Arguments(nil): ok")
	}
}

const constsSrc = `package p

const kind = "Secret"

func name() string {
	if kind == "" {
		return "a"
	}
	f := func() string { return string(rune(len(kind))) } // not name's return
	_ = f
	return "b"
}

func unknown(s string) string { return s }

func use(s string) {
	one := kind
	two := "x"
	two = "y"
	for _, each := range []string{"p", kind} {
		_ = each
	}
	any := s
	_, _, _ = one, two, any
	_ = name()
	_ = unknown("z")
}
`

// TestConstStrings: the constants an expression may be, through
// variables, a literal ranged over and the returns of a function of the
// package (not those of a closure in it).
func TestConstStrings(t *testing.T) {
	f, info, x := index(t, constsSrc)
	got := make(map[string][]string)
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if _, ok := info.Uses[n].(*types.Var); ok {
				if vs, ok := x.ConstStrings(n); ok {
					got[n.Name] = vs
				} else {
					got[n.Name] = nil
				}
			}
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && id.Name != "string" && id.Name != "rune" && id.Name != "len" {
				vs, _ := x.ConstStrings(n)
				got[id.Name+"()"] = vs
			}
		}
		return true
	})
	for name, want := range map[string][]string{
		"one":       {"Secret"},
		"two":       {"x", "y"},
		"each":      {"Secret", "p"},
		"any":       nil,
		"name()":    {"a", "b"},
		"unknown()": nil,
	} {
		if !slices.Equal(got[name], want) {
			t.Errorf("ConstStrings(%s) = %q, want %q", name, got[name], want)
		}
	}
}

// index type-checks src as package p and indexes its values.
func index(t *testing.T, src string) (*ast.File, *types.Info, *values.Index) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: make(map[*ast.Ident]types.Object), Uses: make(map[*ast.Ident]types.Object), Types: make(map[ast.Expr]types.TypeAndValue), Selections: make(map[*ast.SelectorExpr]*types.Selection)}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	return f, info, values.New(info, inspector.New([]*ast.File{f}))
}

const viewSrc = `package p

type Object interface{ SetFinalizers([]string) }

type T struct{ Object }

// accessorOf returns its parameter under another type, or nil.
func accessorOf(o any) (Object, error) {
	if o == nil {
		return nil, nil
	}
	a := o.(Object)
	return a, nil
}

// finalizersOf hands accessorOf's view on, through a call's results.
func finalizersOf(o any) (Object, error) { return accessorOf(o) }

// other returns a view of one parameter or of another: no single one.
func other(a, b any) Object {
	if a != nil {
		return a.(Object)
	}
	return b.(Object)
}

// loop views itself: no parameter.
func loop(o any) Object { return loop(o) }

func g(obj any, x, y any, t *T) {
	direct, _ := accessorOf(obj)
	handed, _ := finalizersOf(obj)
	asserted := obj.(Object)
	mixed := other(x, y)
	looped := loop(obj)
	field := t.Object
	again := direct
	_, _, _, _, _, _, _ = direct, handed, asserted, mixed, looped, field, again
}
`

func TestViewed(t *testing.T) {
	f, info, x := index(t, viewSrc)
	g := f.Decls[len(f.Decls)-1].(*ast.FuncDecl)
	ids := make(map[string]*ast.Ident)
	for id, obj := range info.Defs {
		if _, ok := obj.(*types.Var); ok && g.Body.Pos() <= id.Pos() && id.Pos() < g.Body.End() {
			ids[id.Name] = id
		}
	}
	for name, want := range map[string]string{
		"direct":   "obj",    // the result of a helper that returns its parameter's view
		"handed":   "obj",    // through a helper that returns another's results
		"asserted": "obj",    // a type assertion
		"again":    "again",  // a copy is not followed (yet)
		"mixed":    "mixed",  // a view of one of two parameters: of none
		"looped":   "looped", // a recursion views nothing
		"field":    "field",  // a field of t is another value
	} {
		id := ids[name]
		if id == nil {
			t.Fatalf("no variable %s", name)
		}
		got := x.Viewed(id)
		if got == nil || got.Name() != want {
			t.Errorf("Viewed(%s) = %v, want %s", name, got, want)
		}
	}
}

const funcFieldSrc = `package p

type reader func(name string) (string, error)

type R struct {
	read  reader
	other reader
	n     int
}

func (r *R) fromStore(name string) (string, error) { return name, nil }

func fromEnv(name string) (string, error) { return name, nil }

func New() *R {
	r := &R{read: fromEnv, n: 1}
	r.read = r.fromStore
	r.other = func(string) (string, error) { return "", nil }
	return r
}

func (r *R) use() {
	r.read("a")
	r.other("b")
	r.fromStore("c")
}
`

// TestFuncField: what a call of a field of function type may run is what
// the package assigns to that field, in a literal or by assignment.
func TestFuncField(t *testing.T) {
	f, _, x := index(t, funcFieldSrc)
	use := f.Decls[len(f.Decls)-1].(*ast.FuncDecl)
	var got []string
	for _, st := range use.Body.List {
		call := st.(*ast.ExprStmt).X.(*ast.CallExpr)
		var fs []string
		for _, e := range x.FuncField(call.Fun) {
			fs = append(fs, types.ExprString(e))
		}
		got = append(got, strings.Join(fs, ","))
	}
	want := []string{"fromEnv,r.fromStore", "(func(string) (string, error) literal)", ""}
	if !slices.Equal(got, want) {
		t.Errorf("FuncField = %q, want %q", got, want)
	}
}
