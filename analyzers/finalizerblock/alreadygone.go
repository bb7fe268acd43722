package finalizerblock

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// categoryAlreadyGone: the Delete of an object the deletion made by name,
// not found, fails with not-found once that object is gone, and its error
// ends the deletion.
const categoryAlreadyGone = "alreadygone"

// Deletion code that deletes what it made by name (r.Delete(ctx,
// &appsv1.Deployment{ObjectMeta: ...}), a typed clientset's Delete(ctx,
// name, opts)) rather than what a lookup of this pass found asks the API
// server to delete an object that may be gone already: deleted by hand,
// with its namespace, or by an earlier pass of this deletion that failed
// after it. Then the Delete fails with not-found on every pass, and when
// its error is returned before the finalizer removal the object keeps its
// finalizer for good. An object a lookup of the function found is a race
// at most: the next pass's lookup sees it gone.

// alreadyGoneOrigin returns the origin of a test of any error of v (err !=
// nil) at node idx of block b, in code that runs only while deleting,
// when every definition of v that reaches it is such a Delete, directly
// or handed back as it is by helpers of the package (goneDelete).
func (c *checker) alreadyGoneOrigin(f *deletionpath.Func, b *cfg.Block, idx int, v types.Object) (origin, bool) {
	if !f.Deleting(b) {
		return origin{}, false
	}
	if e := c.targets[f].entry; e != nil && !e.Releases {
		// A framework's entry point, called when the framework decides
		// (crossplane-runtime calls ExternalClient.Delete only after
		// Observe found the resource); the finalizer registry runs a
		// Finalize on every pass while deleting, and stays checked.
		return origin{}, false
	}
	calls := definingCalls(f, b, idx, v)
	if calls == nil {
		return origin{}, false
	}
	var o origin
	for _, call := range calls {
		gd, ok := c.goneDelete(f, call, 0)
		if !ok {
			return origin{}, false
		}
		o = origin{
			category: categoryAlreadyGone,
			lookup:   recognize.Lookup{Call: gd.call, Kind: recognize.LookupDelete, Object: gd.object, Type: gd.typ},
			call:     call,
			errVar:   v,
			drops:    true,
			through:  gd.through,
		}
	}
	return o, true
}

// A deleteOf is a Delete of an object made by name (see goneDelete).
type deleteOf struct {
	call   *ast.CallExpr // the Delete
	object ast.Expr      // its object argument, or nil for a typed Delete by name
	typ    types.Type    // the deleted type
	// through are the calls in the package's helpers, from the first
	// helper's body down to the Delete; empty for a Delete in f itself.
	through []*ast.CallExpr
}

// maxGoneDepth bounds the helpers followed down to the Delete.
const maxGoneDepth = 3

// goneDelete reports whether call, in f, fails with not-found once an
// object of another kind than the one f deletes for is gone: a Delete of an
// object f made (see made), or a call of a function of the package that
// hands back the error of such a Delete as it is and tests nothing for
// not-found. A Delete whose kind f also looks up is left alone: it may
// delete only what the lookup found.
func (c *checker) goneDelete(f *deletionpath.Func, call *ast.CallExpr, depth int) (deleteOf, bool) {
	if cc, ok := recognize.AsClientCall(c.info, call); ok {
		if cc.Method != "Delete" || cc.Object == nil || cc.Status {
			return deleteOf{}, false
		}
		t := c.info.TypeOf(cc.Object)
		if t == nil || c.ownKind(f, t) || c.looksUpKind(f, t) || !c.made(f, cc.Object) {
			return deleteOf{}, false
		}
		return deleteOf{call: call, object: cc.Object, typ: t}, true
	}
	if tc, ok := recognize.AsTypedCall(c.info, call); ok {
		if tc.Method != "Delete" || tc.Lister || tc.Type == nil || c.ownKind(f, tc.Type) || c.looksUpKind(f, tc.Type) {
			return deleteOf{}, false
		}
		return deleteOf{call: call, typ: tc.Type}, true
	}
	if depth >= maxGoneDepth {
		return deleteOf{}, false
	}
	fn := recognize.Callee(c.info, call)
	if fn == nil || recognize.IsInterfaceMethod(fn) {
		return deleteOf{}, false
	}
	hf := c.code.Func(fn)
	if hf == nil || hf == f || c.testsNotFound(hf.Decl.Body) {
		return deleteOf{}, false
	}
	var found deleteOf
	ok := false
	ast.Inspect(hf.Decl.Body, func(n ast.Node) bool {
		if ok {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		inner, isCall := n.(*ast.CallExpr)
		if !isCall {
			return true
		}
		gd, gone := c.goneDelete(hf, inner, depth+1)
		if gone && c.ownKind(f, gd.typ) {
			gone = false
		}
		if gone && deletionpath.HandsOnError(c.info, hf.Obj, hf.Decl.Body, inner) {
			gd.through = append([]*ast.CallExpr{inner}, gd.through...)
			found, ok = gd, true
		}
		return !ok
	})
	return found, ok
}

// made reports whether the object argument x of a Delete in f is one that
// f made rather than found: a composite literal, or a local variable whose
// every value is a literal, new(T), or the result of a function that
// cannot fail (a builder: one result, no error), and into which no lookup
// of f reads.
func (c *checker) made(f *deletionpath.Func, x ast.Expr) bool {
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok {
		x = ast.Unparen(u.X)
	}
	if _, ok := x.(*ast.CompositeLit); ok {
		return true
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || isParam(f, v) {
		return false
	}
	as := inspection.Of(c.pass).Values.Assignments(v)
	if len(as) == 0 {
		return false
	}
	for _, a := range as {
		if rs, ok := a.Node.(*ast.RangeStmt); ok && rs.Value != nil && deletionpath.RootVar(c.info, rs.Value) == v {
			// for _, obj := range []client.Object{&appsv1.Deployment{...}, ...}
			if !c.madeList(rs.X) {
				return false
			}
			continue
		}
		if val := a.Single(); val == nil || !c.makes(val) {
			return false
		}
	}
	found := false
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if l, ok := recognize.AsLookup(c.info, call); ok && l.Object != nil && deletionpath.RootVar(c.info, l.Object) == v {
				found = true
			}
		}
		return !found
	})
	return !found
}

// makes reports whether e makes a new object: a literal, its address,
// new(T) or a builder's call (see builds).
func (c *checker) makes(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		return c.builds(e)
	}
	return false
}

// madeList reports whether x, ranged over, is a slice literal (or a
// variable whose sole value is one) whose every element makes a new
// object.
func (c *checker) madeList(x ast.Expr) bool {
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok {
		vals := inspection.Of(c.pass).Values
		if v := vals.Var(id); v != nil {
			x = ast.Unparen(vals.Sole(v))
		}
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok || len(lit.Elts) == 0 {
		return false
	}
	t := c.info.TypeOf(lit)
	if t == nil {
		return false // ill-typed
	}
	if _, ok := t.Underlying().(*types.Slice); !ok {
		return false
	}
	for _, e := range lit.Elts {
		if !c.makes(e) {
			return false
		}
	}
	return true
}

// builds reports whether call makes a new object: new(T), or a function
// with a single result that is no error (a builder; a finder also
// returns an error).
func (c *checker) builds(call *ast.CallExpr) bool {
	if b := recognize.Builtin(c.info, call); b != "" {
		return b == "new"
	}
	sig, ok := c.info.TypeOf(call.Fun).(*types.Signature)
	if !ok || sig.Results().Len() != 1 || recognize.IsError(sig.Results().At(0).Type()) {
		return false
	}
	if _, ok := recognize.AsLookup(c.info, call); ok {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "DeepCopy" {
		return false // a copy of what was found
	}
	return true
}

// isParam reports whether v is a parameter or the receiver of f.
func isParam(f *deletionpath.Func, v *types.Var) bool {
	sig, _ := f.Obj.Type().(*types.Signature)
	if sig == nil {
		return false
	}
	if sig.Recv() == v {
		return true
	}
	for p := range sig.Params().Variables() {
		if p == v {
			return true
		}
	}
	return false
}

// looksUpKind reports whether f looks up an object of t's kind (compared
// as GroupKinds): a Delete of that kind may delete only what it found.
func (c *checker) looksUpKind(f *deletionpath.Func, t types.Type) bool {
	key := c.kinds.Key(recognize.TypeKey(t))
	if key == "" {
		return false
	}
	found := false
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if l, ok := recognize.AsLookup(c.info, call); ok && l.Type != nil && c.kinds.Key(recognize.TypeKey(l.Type)) == key {
				found = true
			}
		}
		return !found
	})
	return found
}
