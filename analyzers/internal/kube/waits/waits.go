// Package waits finds what each kind's deletion waits for: in deletion
// code, before the finalizer removal, a condition on a listing of objects
// of another kind (len(list.Items) > 0, a package function that lists
// them) or on the presence of one looked up elsewhere (scope.ControlPlane
// != nil), whose branch ends in a return. While any such object is left,
// the waiting kind keeps its finalizer: it cannot be gone first.
//
// The waits of a package are its result and a package fact, so that the
// rules see the waits of the packages a package imports: finalizerblock
// pairs them into deadlocks and orders, blockownerdeletion knows an owner
// that waits for its children.
package waits

import (
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Analyzer's result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "waits",
	Doc:        "find the kinds whose deletion waits for objects of other kinds to be gone (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{deletionpath.Analyzer},
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(packageFact)},
	// Sound on packages with type errors: a condition that does not
	// type-check lists nothing.
	RunDespiteErrors: true,
}

// A Wait says that, while being deleted, objects of kind Waiter keep
// their finalizer as long as an object of kind On exists. Kinds are
// recognize.TypeKey keys ("import/path.Type").
type Wait struct {
	Waiter, On string
}

// packageFact lists a package's waits, sorted.
type packageFact struct {
	List []Wait
}

// AFact implements analysis.Fact.
func (*packageFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (f *packageFact) String() string {
	var b strings.Builder
	b.WriteString("waits")
	for _, w := range f.List {
		b.WriteString(" " + shortKind(w.Waiter) + "->" + shortKind(w.On))
	}
	return b.String()
}

func shortKind(key string) string {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return key[i+1:]
	}
	return key
}

// Result holds the waits of a package and of the packages it imports. It
// is complete when the analyzer returns and read-only after.
type Result struct {
	local []Wait
	all   map[Wait]bool
}

// Local returns the package's own waits, sorted.
func (r *Result) Local() []Wait {
	if r == nil {
		return nil
	}
	return r.local
}

// Waits reports whether objects of kind waiter wait, in the deletion code
// of this package or of one it imports, for objects of kind on to be gone.
func (r *Result) Waits(waiter, on string) bool {
	return r != nil && r.all[Wait{Waiter: waiter, On: on}]
}

type finder struct {
	info *types.Info
	code *deletionpath.Code
}

func run(pass *analysis.Pass) (any, error) {
	code, _ := pass.ResultOf[deletionpath.Analyzer].(*deletionpath.Code)
	r := &Result{all: make(map[Wait]bool)}
	for _, pf := range pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*packageFact); ok && pf.Package != pass.Pkg {
			for _, w := range f.List {
				r.all[w] = true
			}
		}
	}
	if code == nil {
		return r, nil
	}
	c := &finder{info: pass.TypesInfo, code: code}
	for _, f := range code.Funcs() {
		for _, w := range c.listWaits(f, Removal(code, f)) {
			r.local = append(r.local, w)
			r.all[w] = true
		}
	}
	slices.SortFunc(r.local, func(a, b Wait) int {
		if a.Waiter != b.Waiter {
			return strings.Compare(a.Waiter, b.Waiter)
		}
		return strings.Compare(a.On, b.On)
	})
	r.local = slices.Compact(r.local)
	if len(r.local) > 0 {
		pass.ExportPackageFact(&packageFact{List: r.local})
	}
	return r, nil
}

// Removal returns the finalizer removal that f's deletion code leads to, or
// nil when f is not deletion code: for a method a framework calls while
// deleting, the removal of the object it is given; for another function,
// the removal it reaches, unless it runs only while not deleting, or
// releases a finalizer without any deletion in sight (a plugin that drops
// another object's protective finalizer from what it just made).
func Removal(code *deletionpath.Code, f *deletionpath.Func) *recognize.FinalizerRemoval {
	if e := code.EntryPoint(f.Obj); e != nil {
		if e.Role == deletionpath.RoleDeleting {
			return code.OwnRemoval(f)
		}
		return nil
	}
	rem := code.Removal(f.Obj)
	if rem == nil || code.NormalOnly(f.Obj) || !f.TestsDeletion() && !rem.Helper {
		return nil
	}
	return rem
}

// listWaits returns the waits of f's deletion code that list objects or
// test one's presence: a client List of a kind B (in f, or in a function
// of the package f calls whose result it tests), or a B looked up
// elsewhere (scope.ControlPlane != nil), followed by a condition whose
// branch returns before the finalizer removal.
func (c *finder) listWaits(f *deletionpath.Func, rem *recognize.FinalizerRemoval) []Wait {
	if rem == nil || rem.Object == nil {
		return nil
	}
	waiter := recognize.TypeKey(c.info.TypeOf(rem.Object))
	var out []Wait
	body := f.Decl.Body
	inBody := body.Pos() <= rem.Call.Pos() && rem.Call.End() <= body.End()
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || inBody && ifs.Pos() > rem.Call.Pos() {
			return true // after the removal: too late to wait
		}
		if !endsInReturn(ifs.Body) {
			return true
		}
		kinds := c.listedKinds(f, ifs)
		if k := c.presentKind(ifs.Cond); k != "" {
			kinds = append(kinds, k)
		}
		for _, kind := range kinds {
			if kind != waiter {
				out = append(out, Wait{Waiter: waiter, On: kind})
			}
		}
		return true
	})
	slices.SortFunc(out, func(a, b Wait) int { return strings.Compare(a.On, b.On) })
	return out
}

// presentKind returns the kind of the object whose presence cond tests
// (scope.ControlPlane != nil, a *T of a Kubernetes kind looked up
// elsewhere), or "".
func (c *finder) presentKind(cond ast.Expr) string {
	x, whenNil, ok := recognize.NilTest(c.info, cond)
	if !ok || whenNil {
		return ""
	}
	t := c.info.TypeOf(x)
	if _, isPtr := t.(*types.Pointer); !isPtr {
		return ""
	}
	if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetFinalizers"); obj == nil {
		return ""
	}
	return recognize.TypeKey(t)
}

// endsInReturn reports whether the last statement of body is a return: a
// branch that always stops there (a requeue while something is left), not
// one that returns only when a step in it fails.
func endsInReturn(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	_, ok := body.List[len(body.List)-1].(*ast.ReturnStmt)
	return ok
}

// listedKinds returns the kinds of the objects listed by the calls whose
// results the condition of ifs (or its init) tests: a client List into a
// list variable the condition reads (len(list.Items) > 0), or a call of a
// package function that lists them.
func (c *finder) listedKinds(f *deletionpath.Func, ifs *ast.IfStmt) []string {
	var kinds []string
	vars := make(map[types.Object]bool)
	for _, e := range []ast.Node{ifs.Init, ifs.Cond} {
		if e == nil {
			continue
		}
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if v, ok := c.info.Uses[n].(*types.Var); ok {
					vars[v] = true
				}
			case *ast.CallExpr:
				kinds = append(kinds, c.listsIn(n, 0)...)
			}
			return true
		})
	}
	if len(vars) == 0 {
		return kinds
	}
	// The List calls (or listing helpers) that fill those variables, before
	// the condition.
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= ifs.Pos() {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if cc, ok := recognize.AsClientCall(c.info, call); ok && cc.Method == "List" && cc.Object != nil {
			if vars[deletionpath.RootVar(c.info, cc.Object)] {
				if k := itemsKind(c.info.TypeOf(cc.Object)); k != "" {
					kinds = append(kinds, k)
				}
			}
			return true
		}
		if as := assignedBy(f.Decl.Body, call); as != nil {
			for _, l := range as.Lhs {
				if vars[deletionpath.RootVar(c.info, l)] {
					kinds = append(kinds, c.listsIn(call, 0)...)
				}
			}
		}
		return true
	})
	return kinds
}

// listsIn returns the kinds a call of a package function lists (a client
// List in its body or in the package functions it calls).
func (c *finder) listsIn(call *ast.CallExpr, depth int) []string {
	fn := recognize.Callee(c.info, call)
	g := c.code.Func(fn)
	if g == nil || depth > 3 {
		return nil
	}
	var kinds []string
	ast.Inspect(g.Decl.Body, func(n ast.Node) bool {
		inner, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if cc, ok := recognize.AsClientCall(c.info, inner); ok && cc.Method == "List" && cc.Object != nil {
			if k := itemsKind(c.info.TypeOf(cc.Object)); k != "" {
				kinds = append(kinds, k)
			}
		} else if recognize.Callee(c.info, inner) != fn {
			kinds = append(kinds, c.listsIn(inner, depth+1)...)
		}
		return true
	})
	return kinds
}

// assignedBy returns the assignment in body whose only right-hand side is
// call, or nil.
func assignedBy(body *ast.BlockStmt, call *ast.CallExpr) *ast.AssignStmt {
	var found *ast.AssignStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call {
			found = as
		}
		return found == nil && (n == nil || n.Pos() <= call.Pos())
	})
	return found
}

// itemsKind returns the kind key of the Items of a list type, or "".
func itemsKind(t types.Type) string {
	if t == nil {
		return ""
	}
	st, ok := recognize.Unpointer(t).Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Name() == "Items" {
			if s, ok := f.Type().Underlying().(*types.Slice); ok {
				return recognize.TypeKey(s.Elem())
			}
		}
	}
	return ""
}
