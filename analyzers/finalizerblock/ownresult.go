package finalizerblock

import (
	"go/ast"
	"go/types"
	"slices"

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
	if n == nil || recognize.IsError(t) || recognize.IsNamed(n, recognize.PkgReconcile, "Result") || types.IsInterface(n) {
		// An interface's values mean what their dynamic types say
		// (Continue, Done, RequeueSoon): no zero value tells "go on".
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
// its results and is not a reconciler's (given a reconcile request): a
// type with a Reconcile method is a reconciler, not a result.
func returnsResult(sig *types.Signature) bool {
	for i := range sig.Params().Len() {
		if recognize.IsNamedOrPointer(sig.Params().At(i).Type(), recognize.PkgReconcile, "Request") {
			return false
		}
	}
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
		if r == nil {
			return false
		}
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
		return fn != nil && fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(zeroResultFact))
	}
	results := recognize.ResultTypes(fn)
	found, zero := false, true
	ast.Inspect(g.Decl.Body, func(n ast.Node) bool {
		if isFuncLit(n) || !zero {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok {
			if len(r.Results) != len(results) {
				zero = false // a named or a call's results: not told
				return false
			}
			for i, res := range r.Results {
				if c.isOwnResult(results[i]) {
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

// statusTest reports whether the operand a of the condition ending block
// b of f tests a value of an own result type that a helper of the package
// returned (if st := r.ensurePeer(ctx, obj); st.Stop(), needs, _ :=
// st.NeedsReschedule(); needs, st != nil), where the helper, when a
// lookup it makes finds its object missing, returns a value that asks to
// stop: the not-found reaches the caller through the status. The origin's
// call is the helper's call, its lookup the helper's; which way the
// condition goes on a stop is found by origins.
func (c *checker) statusTest(f *deletionpath.Func, b *cfg.Block, idx int, a ast.Expr) (origin, bool) {
	x := c.statusOperand(f, b, idx, a)
	v := deletionpath.RootVar(c.info, x)
	if v == nil {
		return origin{}, false
	}
	calls := definingCalls(f, b, idx, v)
	if calls == nil {
		return origin{}, false
	}
	var o origin
	for _, call := range calls {
		w, ok := c.waitsOnNotFound(recognize.Callee(c.info, call))
		if !ok {
			return origin{}, false
		}
		o = origin{category: categoryNotFound, lookup: w.lookup, call: call, status: true, statusKind: w.kind}
	}
	return o, true
}

// statusOperand returns the variable of an own result type that a tests:
// x != nil, x.Field, x.Method(), or a bool variable set from x.Method(); or
// nil.
func (c *checker) statusOperand(f *deletionpath.Func, b *cfg.Block, idx int, a ast.Expr) ast.Expr {
	own := func(e ast.Expr) ast.Expr {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if t := c.info.TypeOf(id); t != nil && c.isOwnResult(t) {
				return id
			}
		}
		return nil
	}
	receiver := func(e ast.Expr) ast.Expr {
		e = ast.Unparen(e)
		if call, ok := e.(*ast.CallExpr); ok {
			e = ast.Unparen(call.Fun)
		}
		if sel, ok := e.(*ast.SelectorExpr); ok {
			return own(sel.X)
		}
		return nil
	}
	if x, _, ok := recognize.NilTest(c.info, a); ok {
		return own(x)
	}
	if x := receiver(a); x != nil {
		return x
	}
	id, ok := ast.Unparen(a).(*ast.Ident)
	if !ok {
		return nil
	}
	v := deletionpath.RootVar(c.info, id)
	if v == nil || !types.Identical(v.Type(), types.Typ[types.Bool]) {
		return nil
	}
	defs, complete := f.Definitions(b, idx, v)
	if !complete || len(defs) != 1 {
		return nil
	}
	return receiver(defs[0])
}

// waitsOnNotFound reports whether fn, a function of the package returning
// an own result type, stops when a lookup it makes finds its object
// missing: the not-found branch returns a value that asks to stop, or
// records one in a variable that fn returns (a loop over dependencies that
// notes each missing one and goes on). It returns the lookup.
func (c *checker) waitsOnNotFound(fn *types.Func) (statusWait, bool) {
	if fn == nil {
		return statusWait{}, false
	}
	fn = fn.Origin()
	if w, ok := c.statusWaits[fn]; ok {
		return w, w.ok
	}
	if c.statusWaits == nil {
		c.statusWaits = make(map[*types.Func]statusWait)
	}
	c.statusWaits[fn] = statusWait{} // while looking: no recursion
	w := c.findStatusWait(fn)
	c.statusWaits[fn] = w
	return w, w.ok
}

// A statusWait is what waitsOnNotFound found for a function: the lookup
// (in this package), or the kind it reads (a function of another package,
// known by its stopsOnNotFoundFact).
type statusWait struct {
	lookup recognize.Lookup
	kind   string
	ok     bool
}

func (c *checker) findStatusWait(fn *types.Func) statusWait {
	if !slices.ContainsFunc(recognize.ResultTypes(fn), c.isOwnResult) {
		return statusWait{}
	}
	g := c.code.Func(fn)
	if g == nil {
		var fact stopsOnNotFoundFact
		if fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, &fact) {
			return statusWait{kind: fact.Kind, ok: true}
		}
		return statusWait{}
	}
	returned := returnedVars(c.info, g.Decl.Body)
	for _, b := range g.CFG.Blocks {
		if !b.Live {
			continue
		}
		for _, o := range c.origins(g, b) {
			if o.drops || o.status || o.lookup.Call == nil || o.category == categoryNilOwner {
				continue
			}
			if c.stopsWhenMissing(g, b.Succs[o.edge], o, returned) {
				return statusWait{lookup: o.lookup, kind: recognize.TypeKey(o.lookup.Type), ok: true}
			}
		}
	}
	return statusWait{}
}

// stopsWhenMissing reports whether, from block start of g, with the lookup
// of o finding its object missing, g returns a value of an own result type
// that asks to stop, or first sets one of the variables g returns to such
// a value.
func (c *checker) stopsWhenMissing(g *deletionpath.Func, start *cfg.Block, o origin, returned map[types.Object]bool) bool {
	found := false
	g.Forward(start, 0, func(b *cfg.Block, from int) bool {
		for i := from; i < len(b.Nodes) && !found; i++ {
			switch n := b.Nodes[i].(type) {
			case *ast.ReturnStmt:
				for _, res := range n.Results {
					if t := c.info.TypeOf(res); t != nil && c.isOwnResult(t) && c.stops(g, n, res) {
						found = true
					}
				}
				return false
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					continue
				}
				for j, lhs := range n.Lhs {
					v := deletionpath.RootVar(c.info, lhs)
					if v != nil && returned[v] && c.isOwnResult(v.Type()) && !c.zeroResult(g, nil, n.Rhs[j], 0) {
						found = true
					}
				}
			}
		}
		return !found && !nextIteration(b, o.call)
	}, func(_ *cfg.Block, cond ast.Expr) []int {
		if v, ok := c.eval(g, cond, o, true); ok {
			return []int{edgeOf(v)}
		}
		return nil
	})
	return found
}

// returnedVars returns the variables that a return statement of body
// returns as they are.
func returnedVars(info *types.Info, body *ast.BlockStmt) map[types.Object]bool {
	out := make(map[types.Object]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok {
			for _, res := range r.Results {
				if id, ok := ast.Unparen(res).(*ast.Ident); ok {
					if v := info.Uses[id]; v != nil {
						out[v] = true
					}
				}
			}
		}
		return !isFuncLit(n)
	})
	return out
}

// statusEdge returns the successor of b, whose condition tests the status
// of origin o, that a status asking to stop takes: the one from which f
// returns before the finalizer removal, while the other reaches it; -1
// when the two cannot be told apart.
func (c *checker) statusEdge(f *deletionpath.Func, b *cfg.Block, o origin) int {
	if len(b.Succs) != 2 {
		return -1
	}
	edge := -1
	for e, s := range b.Succs {
		returns, removes := c.walk(f, s, o, true)
		if len(returns) > 0 && !removes {
			if edge >= 0 {
				return -1
			}
			edge = e
		}
	}
	if edge < 0 {
		return -1
	}
	if _, removes := c.walk(f, b.Succs[1-edge], o, true); !removes {
		return -1
	}
	return edge
}

// zeroResultFact is the fact that a function returns only the zero value of
// an own result type (a constructor of an empty status), for the packages
// that call it.
type zeroResultFact struct{}

// AFact implements analysis.Fact.
func (*zeroResultFact) AFact() {}

func (*zeroResultFact) String() string { return "zeroresult" }

// exportZeroResults exports zeroResultFact for the package's exported
// functions that return only the zero value of an own result type.
func (c *checker) exportZeroResults() {
	for _, f := range c.code.Funcs() {
		if f.Obj == nil || !f.Obj.Exported() || !slices.ContainsFunc(recognize.ResultTypes(f.Obj), c.isOwnResult) {
			continue
		}
		if c.returnsOnlyZero(f.Obj, 0) {
			c.pass.ExportObjectFact(f.Obj, new(zeroResultFact))
		}
	}
}

// stopsOnNotFoundFact is the fact that a function returns an own result type
// that asks to stop when a lookup it makes finds its object missing (see
// waitsOnNotFound), for the packages that call it: a reconcile step there
// that returns the status before its finalizer removal is stranded once
// the object is gone.
type stopsOnNotFoundFact struct {
	// Kind is the looked-up kind, "import/path.Type", or "".
	Kind string
}

// AFact implements analysis.Fact.
func (*stopsOnNotFoundFact) AFact() {}

func (f *stopsOnNotFoundFact) String() string { return "stopsonnotfound(" + f.Kind + ")" }

// exportStatusWaits exports stopsOnNotFoundFact for the package's exported
// functions that stop on a lookup's not-found.
func (c *checker) exportStatusWaits() {
	for _, f := range c.code.Funcs() {
		if f.Obj == nil || !f.Obj.Exported() {
			continue
		}
		if w, ok := c.waitsOnNotFound(f.Obj); ok {
			c.pass.ExportObjectFact(f.Obj, &stopsOnNotFoundFact{Kind: w.kind})
		}
	}
}
