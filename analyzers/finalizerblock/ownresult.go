package finalizerblock

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// An operator's own result type is a type its reconcile steps return and
// that it turns into what a reconciler returns later: a workflow result,
// a reconcile status. It is found by that flow, not by its name: the type
// (or a pointer to it) has a method that returns a ctrl.Result, or a
// function of the package takes it and returns a ctrl.Result computed
// from it. Its zero value (nil, an empty literal, what a constructor
// returning only zero values gives) lets the reconcile go on; any other
// value asks to stop and come back, as a returned error or a requeue does.

// isOwnResult reports whether t is one of the package's own result types
// (see above).
func (c *checker) isOwnResult(t types.Type) bool {
	n := recognize.Named(recognize.Unpointer(t))
	if n == nil || recognize.IsError(t) || recognize.IsNamed(n, recognize.PkgReconcile, "Result") {
		return false
	}
	if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetFinalizers"); obj != nil {
		return false
	}
	if v, ok := c.resultTypes[n.Obj()]; ok {
		return v
	}
	if c.resultTypes == nil {
		c.resultTypes = make(map[*types.TypeName]bool)
	}
	c.resultTypes[n.Obj()] = false // while looking: no recursion
	v := hasConverterMethod(n) || c.hasConverterFunc(n)
	c.resultTypes[n.Obj()] = v
	return v
}

// returnsResult reports whether the signature sig has a ctrl.Result among
// its results.
func returnsResult(sig *types.Signature) bool {
	for i := range sig.Results().Len() {
		if recognize.IsNamedOrPointer(sig.Results().At(i).Type(), recognize.PkgReconcile, "Result") {
			return true
		}
	}
	return false
}

// hasConverterMethod reports whether n or *n has a method that returns a
// ctrl.Result (status.Return(log), res.toCtrl()).
func hasConverterMethod(n *types.Named) bool {
	ms := types.NewMethodSet(types.NewPointer(n))
	for i := range ms.Len() {
		if sig, ok := ms.At(i).Type().(*types.Signature); ok && returnsResult(sig) {
			return true
		}
	}
	return false
}

// hasConverterFunc reports whether a function of the package takes a
// value of n and returns a ctrl.Result whose return statements read it.
func (c *checker) hasConverterFunc(n *types.Named) bool {
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := c.info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			sig := fn.Type().(*types.Signature)
			if !returnsResult(sig) {
				continue
			}
			for i := range sig.Params().Len() {
				p := sig.Params().At(i)
				if recognize.Named(recognize.Unpointer(p.Type())) == n && returnsRead(c.info, fd.Body, p) {
					return true
				}
			}
		}
	}
	return false
}

// returnsRead reports whether a return statement of body reads v.
func returnsRead(info *types.Info, body *ast.BlockStmt, v types.Object) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && !found {
			ast.Inspect(r, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
				return !found
			})
		}
		return !found && !isFuncLit(n)
	})
	return found
}

func isFuncLit(n ast.Node) bool {
	_, ok := n.(*ast.FuncLit)
	return ok
}

// stops reports whether e, a value of an own result type returned by r in
// f, may ask to stop and come back: it is not known to be the zero value.
func (c *checker) stops(f *deletionpath.Func, r *ast.ReturnStmt, e ast.Expr) bool {
	return !c.zeroResult(f, r, e, 0)
}

// zeroResult reports whether e is known to be the zero value of its own
// result type: nil, an empty literal, a call of a package function that
// returns only such values, or a variable that only such values reach at
// r.
func (c *checker) zeroResult(f *deletionpath.Func, r *ast.ReturnStmt, e ast.Expr, depth int) bool {
	if e == nil {
		return true // var x T: the zero value
	}
	e = ast.Unparen(e)
	if tv, ok := c.info.Types[e]; ok && tv.IsNil() {
		return true
	}
	if lit, ok := compositeOf(e); ok {
		return len(lit.Elts) == 0
	}
	if depth > 3 {
		return false
	}
	switch x := e.(type) {
	case *ast.Ident:
		v, _ := c.info.Uses[x].(*types.Var)
		b, i := returnNode(f, r)
		if v == nil || b == nil {
			return false
		}
		defs, ok := f.Definitions(b, i, v)
		if !ok || len(defs) == 0 {
			return false
		}
		for _, d := range defs {
			if !c.zeroResult(f, r, d, depth+1) {
				return false
			}
		}
		return true
	case *ast.CallExpr:
		return c.returnsOnlyZero(recognize.Callee(c.info, x), depth+1)
	}
	return false
}

// returnsOnlyZero reports whether fn, a function of the package, returns
// only the zero value of its own result type (a constructor of an empty
// status).
func (c *checker) returnsOnlyZero(fn *types.Func, depth int) bool {
	g := c.code.Func(fn)
	if g == nil {
		return false
	}
	found, zero := false, true
	ast.Inspect(g.Decl.Body, func(n ast.Node) bool {
		if isFuncLit(n) || !zero {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok {
			for _, res := range r.Results {
				if t := c.info.TypeOf(res); t != nil && c.isOwnResult(t) {
					found = true
					zero = zero && c.zeroResult(g, r, res, depth)
				}
			}
		}
		return true
	})
	return found && zero
}

// returnNode returns the block of f and the index in it of the return r, or
// nil.
func returnNode(f *deletionpath.Func, r *ast.ReturnStmt) (*cfg.Block, int) {
	for _, b := range f.CFG.Blocks {
		if i := deletionpath.NodeIndex(b, r); i >= 0 {
			return b, i
		}
	}
	return nil, 0
}

// compositeOf returns the composite literal e is (T{...} or &T{...}).
func compositeOf(e ast.Expr) (*ast.CompositeLit, bool) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	return lit, ok
}
