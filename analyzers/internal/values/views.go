package values

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// pkgAPIMeta is the package of meta.Accessor.
const pkgAPIMeta = "k8s.io/apimachinery/pkg/api/meta"

// Viewed returns the variable that holds the object e stands for: the
// variable e is (x, *x, &x; not a field of it), followed back through variables whose
// only value is a view of another object under another type:
// meta.Accessor(obj), obj.(metav1.Object), or the result of one of the
// package's functions that returns a view of its parameter (a helper that
// returns the accessor of the object it is given). An edit made through the
// view (accessor.SetFinalizers) is an edit of that object. It returns nil
// when e is no variable.
func (x *Index) Viewed(e ast.Expr) *types.Var {
	if x == nil {
		return nil
	}
	v := x.rootVar(e)
	for range maxViewDepth {
		next := x.viewOf(v)
		if next == nil {
			break
		}
		v = next
	}
	return v
}

// maxViewDepth bounds how many views Viewed follows back.
const maxViewDepth = 8

// viewOf returns the variable v's only value is a view of, or nil.
func (x *Index) viewOf(v *types.Var) *types.Var {
	as := x.Assignments(v)
	if v == nil || len(as) != 1 || x.Addressed(v) {
		return nil
	}
	a := as[0]
	if a.Value == nil {
		return nil
	}
	if src := x.viewed(a.Value, a.Result, a.Multi); src != nil {
		return x.rootVar(src)
	}
	return nil
}

// viewed returns the expression whose object result i of e (its single
// value unless multi) is a view of, or nil.
func (x *Index) viewed(e ast.Expr, i int, multi bool) ast.Expr {
	switch e := ast.Unparen(e).(type) {
	case *ast.TypeAssertExpr:
		if i == 0 && e.Type != nil {
			return e.X
		}
	case *ast.CallExpr:
		if !multi {
			i = 0
		}
		fn, ok := x.info.Uses[CalleeIdent(e.Fun)].(*types.Func)
		if !ok || e.Ellipsis.IsValid() {
			return nil
		}
		if fn.Pkg() != nil && fn.Pkg().Path() == pkgAPIMeta && fn.Name() == "Accessor" && i == 0 && len(e.Args) == 1 {
			return e.Args[0]
		}
		if j := x.resultView(fn.Origin(), i); j >= 0 && j < len(e.Args) {
			return e.Args[j]
		}
	}
	return nil
}

// indexViews computes resultView for every result of the package's
// functions, in source order (so that recursive functions get the same
// answer on every run), while New builds the index: afterwards the index is
// only read, by analyses that may run at once.
func (x *Index) indexViews() {
	fns := make([]*types.Func, 0, len(x.decls))
	for fn := range x.decls {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range fns {
		for i := range fn.Signature().Results().Len() {
			x.resultView(fn, i)
		}
	}
}

// resultView returns the index of the parameter of fn, a function of the
// package, whose object fn's result i is a view of, or -1: each of fn's
// returns gives, at i, nil or a view of that parameter (or the parameter
// itself), and one at least gives the parameter.
func (x *Index) resultView(fn *types.Func, i int) int {
	key := resultKey{fn, i}
	if j, ok := x.views[key]; ok {
		return j
	}
	decl := x.decls[fn]
	if decl == nil || fn.Signature().Results().Len() <= i {
		return -1
	}
	x.views[key] = -1 // while it is computed: a recursive call views nothing
	params := fn.Signature().Params()
	index := make(map[*types.Var]int, params.Len())
	for k := range params.Len() {
		index[params.At(k)] = k
	}
	j, found := -1, false
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			var e ast.Expr
			switch {
			case len(n.Results) == fn.Signature().Results().Len():
				e = n.Results[i]
			case len(n.Results) == 1:
				e = x.viewed(n.Results[0], i, true)
			}
			if e == nil {
				ok = false
				return false
			}
			if x.isNil(e) {
				return false
			}
			k, isParam := index[x.Viewed(e)]
			if !isParam || found && k != j {
				ok = false
				return false
			}
			j, found = k, true
		}
		return true
	})
	if !ok || !found {
		j = -1
	}
	x.views[key] = j
	return j
}

// resultKey is a result of a function, by index.
type resultKey struct {
	fn *types.Func
	i  int
}

// isNil reports whether e is the predeclared nil.
func (x *Index) isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := x.info.Uses[id].(*types.Nil)
	return isNil
}

// rootVar returns the variable e is (x, *x, &x, through parentheses), or
// nil: a field of it is another value, a call no variable.
func (x *Index) rootVar(e ast.Expr) *types.Var {
	for e != nil {
		switch y := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x.Var(y)
		case *ast.StarExpr:
			e = y.X
		case *ast.UnaryExpr:
			if y.Op != token.AND {
				return nil
			}
			e = y.X
		default:
			return nil
		}
	}
	return nil
}
