package finalizerblock

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// emptyDelete returns the write (a Delete, an Update, a Patch, a helper's
// finalizer removal) whose error the variable v holds when it writes the
// object the lookup of o reads into, an object made without a name: when
// the lookup finds nothing it leaves the object as it was made, and the
// API server refuses the write of an object without a name on every try
// (it is no not-found error, which the code might tolerate). It returns
// nil otherwise. The error is v's value at the
// condition atom at of f, by the definitions of v that reach it.
func (c *checker) emptyDelete(f *deletionpath.Func, at ast.Expr, v types.Object, o origin) *ast.CallExpr {
	obj := c.lookedUpVar(o)
	if obj == nil || v == nil || !recognize.IsError(v.Type()) {
		return nil
	}
	k := emptyKey{at, o.lookup.Call}
	if del, ok := c.emptyDeletes[k]; ok {
		return del
	}
	var del *ast.CallExpr
	if b, idx := nodeOf(f, at); b != nil && c.madeNameless(obj) && !mentions(c.info, o.lookup.Key, obj) {
		// (A key read from the object itself,
		// client.ObjectKeyFromObject(obj), says it had a name.)
		defs, complete := f.Definitions(b, idx, v)
		for _, d := range defs {
			call, ok := ast.Unparen(d).(*ast.CallExpr)
			if !ok || !c.writes(call, obj) {
				del = nil
				break
			}
			del = call
		}
		if !complete {
			del = nil
		}
	}
	if c.emptyDeletes == nil {
		c.emptyDeletes = make(map[emptyKey]*ast.CallExpr)
		c.deletedByLookup = make(map[*ast.CallExpr]*ast.CallExpr)
	}
	c.emptyDeletes[k] = del
	if del != nil && c.deletedByLookup[o.lookup.Call] == nil {
		c.deletedByLookup[o.lookup.Call] = del // for the message
	}
	return del
}

// An emptyKey is a condition atom and the lookup whose missing object it
// is evaluated for (see emptyDelete).
type emptyKey struct {
	at     ast.Expr
	lookup *ast.CallExpr
}

// lookedUpVar returns the variable the lookup of o reads its object into,
// or nil.
func (c *checker) lookedUpVar(o origin) types.Object {
	if o.category == categoryNilOwner || o.lookup.Call == nil || o.lookup.Object == nil || o.lookup.Kind != recognize.LookupGet {
		return nil
	}
	return deletionpath.RootVar(c.info, o.lookup.Object)
}

// writes reports whether call writes the object obj holds (see written).
func (c *checker) writes(call *ast.CallExpr, obj types.Object) bool {
	w := c.written(call)
	return w != nil && deletionpath.RootVar(c.info, w) == obj
}

// written returns the object call writes: a client's Delete, Update or
// Patch of it, or a call that removes its finalizer and writes it back (a
// helper of the package or of another, by its fact); nil for other calls.
func (c *checker) written(call *ast.CallExpr) ast.Expr {
	if cc, ok := recognize.AsClientCall(c.info, call); ok {
		switch cc.Method {
		case "Delete", "Update", "Patch":
			return cc.Object
		}
		return nil
	}
	return c.code.ReleasedArg(call)
}

// madeNameless reports whether the object variable obj never holds a
// name but one a lookup reads into it: every value it is given is made
// without one (&T{}, T{} or new(T) with no name among their fields, a
// constructor called with no arguments), and the package never names it
// (obj.Name = ..., obj.SetName(...), obj.ObjectMeta = ...).
func (c *checker) madeNameless(obj types.Object) bool {
	if r, ok := c.namelessVars[obj]; ok {
		return r
	}
	if c.namelessVars == nil {
		c.namelessVars = make(map[types.Object]bool)
	}
	r := c.madeNamelessUncached(obj)
	c.namelessVars[obj] = r
	return r
}

func (c *checker) madeNamelessUncached(obj types.Object) bool {
	v, _ := obj.(*types.Var)
	if v == nil || v.IsField() || v.Parent() == c.pass.Pkg.Scope() {
		return false
	}
	vals := inspection.Of(c.pass).Values
	as := vals.Assignments(v)
	if len(as) == 0 {
		return false
	}
	for _, a := range as {
		if a.Zero() {
			continue // var obj T
		}
		if !c.nameless(a.Value) {
			return false
		}
	}
	named := false
	for cur := range inspection.Of(c.pass).Root().Preorder((*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Name" || sel.Sel.Name == "ObjectMeta") && deletionpath.RootVar(c.info, sel.X) == obj {
					named = true
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetName" && deletionpath.RootVar(c.info, sel.X) == obj {
				named = true
			}
		}
		if named {
			return false
		}
	}
	return true
}

// nameless reports whether the value e is an object made without a name.
func (c *checker) nameless(e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		for _, elt := range x.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				return false // positional fields: whatever they hold
			}
			if id, ok := kv.Key.(*ast.Ident); ok && (id.Name == "ObjectMeta" || id.Name == "Name" || id.Name == "Object") {
				return false
			}
		}
		return true
	case *ast.CallExpr:
		// new(T), or a constructor given nothing that could be a name.
		return len(x.Args) == 0 || recognize.Builtin(c.info, x) == "new"
	}
	return false
}

// deletedEmpty returns the Delete that fails on every retry before the
// return r when the lookup of o finds nothing (see emptyDelete), or nil.
func (c *checker) deletedEmpty(r ast.Node, o origin) *ast.CallExpr {
	if o.lookup.Call == nil || o.drops || o.category == categoryNilOwner {
		return nil
	}
	if del := c.deletedByLookup[o.lookup.Call]; del != nil && r.Pos() > del.End() {
		return del
	}
	return nil
}

// emptyDeleteTest reports whether the operand a of the condition ending
// block b of f (at node idx) tests the error of a write that fails for
// good when a lookup found nothing (see emptyDelete), and the lookup's
// not-found reaches that write: the condition then decides, as a test of
// the lookup itself would, whether a missing object strands the finalizer.
// The origin is the lookup's.
func (c *checker) emptyDeleteTest(f *deletionpath.Func, b *cfg.Block, idx int, a ast.Expr) (origin, bool) {
	var x ast.Expr
	if t, ok := recognize.AsNotFoundTest(c.info, a); ok {
		x = t.Err
	} else if e, _, ok := recognize.NilTest(c.info, a); ok {
		x = e
	}
	v := deletionpath.RootVar(c.info, x)
	if v == nil || !recognize.IsError(v.Type()) {
		return origin{}, false
	}
	defs, complete := f.Definitions(b, idx, v)
	if !complete || len(defs) == 0 {
		return origin{}, false
	}
	var obj types.Object
	for _, d := range defs {
		call, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok {
			return origin{}, false
		}
		written := c.written(call)
		if written == nil {
			return origin{}, false
		}
		if o := deletionpath.RootVar(c.info, written); obj == nil || o == obj {
			obj = o
		} else {
			return origin{}, false
		}
	}
	l, ok := c.soleLookupInto(f, obj)
	if !ok {
		return origin{}, false
	}
	o := origin{category: categoryNotFound, lookup: l, call: l.Call, errVar: resultErrVar(c.info, f, l.Call)}
	if o.errVar == nil || c.emptyDelete(f, a, v, o) == nil || !c.missingReaches(f, o, b) {
		return origin{}, false
	}
	return o, true
}

// soleLookupInto returns the one Get of f that reads into the variable
// obj, when it reads another object than the reconciled one.
func (c *checker) soleLookupInto(f *deletionpath.Func, obj types.Object) (recognize.Lookup, bool) {
	var found recognize.Lookup
	n := 0
	ast.Inspect(f.Decl.Body, func(x ast.Node) bool {
		call, ok := x.(*ast.CallExpr)
		if !ok {
			return true
		}
		if l, ok := recognize.AsLookup(c.info, call); ok && l.Kind == recognize.LookupGet && l.Object != nil && deletionpath.RootVar(c.info, l.Object) == obj {
			found = l
			n++
		}
		return true
	})
	if n != 1 || c.isSelf(f, found) || c.keyedByListed(found) {
		return recognize.Lookup{}, false
	}
	return found, true
}

// missingReaches reports whether, when the lookup of o finds its object
// missing and the reconciled object is being deleted, some path of f from
// the lookup reaches block target. A condition that reads the object the
// lookup reads into (meta.WasCreated(obj), obj.GetUID() != "") is taken
// for a test of what the lookup found: the missing object does not pass
// it.
func (c *checker) missingReaches(f *deletionpath.Func, o origin, target *cfg.Block) bool {
	start, i := nodeOf(f, o.call)
	obj := c.lookedUpVar(o)
	if start == nil || obj == nil {
		return false
	}
	found := false
	f.Forward(start, i+1, func(b *cfg.Block, _ int) bool {
		if b == target {
			found = true
		}
		return !found
	}, func(b *cfg.Block, cond ast.Expr) []int {
		if b == target {
			return nil
		}
		if mentions(c.info, cond, obj) {
			return []int{}
		}
		if v, ok := c.eval(f, cond, o, true); ok {
			return []int{edgeOf(v)}
		}
		return nil
	})
	return found
}

// mentions reports whether e refers to the variable v.
func mentions(info *types.Info, e ast.Expr, v types.Object) bool {
	if e == nil {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
