package inspection

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// errorTypes is what the package's code says about its own error types:
// which can hold another error, and which functions are errors.As tests.
type errorTypes struct {
	// wraps holds the package's named types some value of which is given
	// an error that is not made on the spot (an error variable, a call's
	// error result): such a value may hold a Kubernetes not-found.
	wraps map[*types.TypeName]bool
	// asHelpers maps a function of the package whose body is "return
	// errors.As(err, &target)" (isStalledError(err)) to the type of target.
	asHelpers map[*types.Func]types.Type
}

// ErrorsAs reports whether cond is errors.As(err, &target), or a call of a
// function of the package that returns exactly that for its error parameter
// (func isStalled(err error) bool { var s StallError; return errors.As(err,
// &s) }), and returns the error tested (the argument at cond) and the
// target's type without pointers (StallError for a *StallError or a
// **StallError target).
func (p *Package) ErrorsAs(cond ast.Expr) (err ast.Expr, target types.Type, ok bool) {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if p == nil || !ok {
		return nil, nil, false
	}
	info := p.info
	if x, t, ok := errorsAsCall(info, call); ok {
		return x, t, true
	}
	if len(call.Args) != 1 {
		return nil, nil, false
	}
	fn := recognize.Callee(info, call)
	if t, ok := p.errorTypes().asHelpers[fn]; ok && fn != nil {
		return call.Args[0], t, true
	}
	return nil, nil, false
}

// errorsAsCall reports whether call is errors.As(err, target) with a
// pointer target, and returns err and the target's type without pointers.
func errorsAsCall(info *types.Info, call *ast.CallExpr) (ast.Expr, types.Type, bool) {
	if len(call.Args) != 2 {
		return nil, nil, false
	}
	fn := recognize.Callee(info, call)
	if !recognize.IsFunc(fn, "errors", "As") && !recognize.IsFunc(fn, "github.com/pkg/errors", "As") {
		return nil, nil, false
	}
	pt, ok := types.Unalias(info.TypeOf(call.Args[1])).(*types.Pointer)
	if !ok {
		return nil, nil, false
	}
	return call.Args[0], recognize.Unpointer(pt.Elem()), true
}

// Wraps reports whether values of t, a named type of the package, can hold
// another error: the package gives some value of t (a composite literal, or
// an assignment to one of its fields) an error that is not made on the spot
// by errors.New or fmt.Errorf without an error operand. A Kubernetes
// not-found is a *StatusError: only a type that wraps can carry one, so
// errors.As to a type that does not is false for it.
func (p *Package) Wraps(t *types.Named) bool {
	if p == nil {
		return true
	}
	return p.errorTypes().wraps[t.Origin().Obj()]
}

func (p *Package) errorTypes() *errorTypes {
	p.errOnce.Do(func() { p.errTypes = indexErrorTypes(p) })
	return p.errTypes
}

// indexErrorTypes builds the package's errorTypes in one walk.
func indexErrorTypes(p *Package) *errorTypes {
	info := p.info
	e := &errorTypes{wraps: make(map[*types.TypeName]bool), asHelpers: make(map[*types.Func]types.Type)}
	own := func(t types.Type) *types.TypeName {
		n, ok := types.Unalias(recognize.Unpointer(t)).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg() != p.pkg {
			return nil
		}
		return n.Origin().Obj()
	}
	for c := range p.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CompositeLit:
			tn := own(info.TypeOf(n))
			if tn == nil || e.wraps[tn] {
				continue
			}
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				if !freshError(info, elt) {
					e.wraps[tn] = true
					break
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok || i >= len(n.Rhs) || len(n.Lhs) != len(n.Rhs) {
					continue
				}
				if tn := own(info.TypeOf(sel.X)); tn != nil && !freshError(info, n.Rhs[i]) {
					e.wraps[tn] = true
				}
			}
		}
	}
	for _, f := range p.Funcs {
		if t, ok := asHelper(info, f.Obj, f.Decl); ok {
			e.asHelpers[f.Obj] = t
		}
	}
	return e
}

// freshError reports whether x, a value given to a field, is no error
// that may come from elsewhere: not of an error type, or an error made on
// the spot by errors.New or fmt.Errorf (or github.com/pkg/errors's New,
// Errorf) none of whose operands is an error.
func freshError(info *types.Info, x ast.Expr) bool {
	t := info.TypeOf(x)
	switch u := t.(type) {
	case nil:
		return true
	case *types.Slice:
		t = u.Elem() // []error: errors.Join's kind of value
	case *types.Array:
		t = u.Elem()
	}
	if !recognize.ImplementsError(t) && !types.IsInterface(t) {
		return true
	}
	if recognize.IsNil(info, x) {
		return true
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := recognize.Callee(info, call)
	switch {
	case recognize.IsFunc(fn, "errors", "New"), recognize.IsFunc(fn, "github.com/pkg/errors", "New"),
		recognize.IsFunc(fn, "fmt", "Errorf"), recognize.IsFunc(fn, "github.com/pkg/errors", "Errorf"):
	default:
		return false
	}
	for _, a := range call.Args {
		if t := info.TypeOf(a); t == nil || recognize.ImplementsError(t) {
			return false
		}
	}
	return true
}

// asHelper reports whether fd, the declaration of fn, is a test of its sole
// error parameter with errors.As and nothing else (its only return is
// "return errors.As(err, &target)"), and returns the target's type.
func asHelper(info *types.Info, fn *types.Func, fd *ast.FuncDecl) (types.Type, bool) {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 1 || !recognize.IsError(sig.Params().At(0).Type()) ||
		!types.Identical(sig.Results().At(0).Type().Underlying(), types.Typ[types.Bool]) {
		return nil, false
	}
	var ret *ast.ReturnStmt
	returns := 0
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			ret = n
		}
		return true
	})
	if returns != 1 || len(ret.Results) != 1 || fd.Body.List[len(fd.Body.List)-1] != ret {
		return nil, false
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok {
		return nil, false
	}
	x, t, ok := errorsAsCall(info, call)
	if !ok {
		return nil, false
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); !ok || info.Uses[id] != sig.Params().At(0) {
		return nil, false
	}
	return t, true
}
