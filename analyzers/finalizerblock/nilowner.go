package finalizerblock

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// finalizerOnlyWithOwner reports whether, in f, the finalizer is added
// only on the path where the owner lookup of o found an owner: an object
// that never had an owner never got the finalizer, so a return on a nil
// owner strands nothing. It is told only for a function entered without
// a finalizer added on the way (see enteredWithoutFinalizer) that adds the
// finalizer itself, directly or through the package's functions.
func (c *checker) finalizerOnlyWithOwner(f *deletionpath.Func, b *cfg.Block, o origin) bool {
	if o.category != categoryNilOwner || len(b.Succs) != 2 || len(f.CFG.Blocks) == 0 || !c.enteredWithoutFinalizer(f, 0) {
		return false
	}
	// The condition takes o.edge whenever the owner is missing, so its
	// other edge only when the owner is there (if owner == nil ||
	// paused(owner) { return }), whatever else it tests.
	present := 1 - o.edge
	// Is the finalizer added on some path that skips the owner's presence?
	withoutOwner := false
	f.Forward(f.CFG.Blocks[0], 0, func(x *cfg.Block, from int) bool {
		for _, n := range x.Nodes[from:] {
			if c.addsFinalizer(n, 0) {
				withoutOwner = true
				return false
			}
		}
		return !withoutOwner
	}, func(x *cfg.Block, _ ast.Expr) []int {
		if x == b {
			return []int{o.edge}
		}
		return nil
	})
	if withoutOwner {
		return false
	}
	// And on the path where the owner was found?
	withOwner := false
	f.Forward(b.Succs[present], 0, func(x *cfg.Block, from int) bool {
		for _, n := range x.Nodes[from:] {
			if c.addsFinalizer(n, 0) {
				withOwner = true
				return false
			}
		}
		return !withOwner
	}, nil)
	return withOwner
}

// enteredWithoutFinalizer reports whether no finalizer can have been added
// on the way into f: the package does not call it (Reconcile), or every
// call of it is in such a function, on paths that add no finalizer before
// the call (a Reconcile that reads the object and hands it to its
// reconcile helper).
func (c *checker) enteredWithoutFinalizer(f *deletionpath.Func, depth int) bool {
	if !c.code.Referenced(f.Obj) {
		return true
	}
	calls, ok := c.code.Calls(f.Obj)
	if !ok || len(calls) == 0 || depth > 3 {
		return false
	}
	for _, call := range calls {
		if call.Func == f || c.addsBefore(call) || !c.enteredWithoutFinalizer(call.Func, depth+1) {
			return false
		}
	}
	return true
}

// addsBefore reports whether a finalizer may be added on a path into the
// call: in its statement before it, or in a block that leads to it.
func (c *checker) addsBefore(call deletionpath.Call) bool {
	for _, n := range call.Block.Nodes {
		if n.Pos() <= call.Call.Pos() && call.Call.End() <= n.End() {
			break
		}
		if c.addsFinalizer(n, 0) {
			return true
		}
	}
	for _, b := range call.Func.Before(call.Block) {
		for _, n := range b.Nodes {
			if c.addsFinalizer(n, 0) {
				return true
			}
		}
	}
	return false
}

// addsFinalizer reports whether n adds a finalizer (controllerutil's, the
// runtime's, an append to SetFinalizers, another library's AddFinalizer or
// EnsureFinalizer), directly or through a function of the package.
func (c *checker) addsFinalizer(n ast.Node, depth int) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if recognize.IsFinalizerAdd(c.info, call) {
			found = true
			return false
		}
		fn := recognize.Callee(c.info, call)
		if fn != nil && fn.Pkg() != c.pass.Pkg && (fn.Name() == "AddFinalizer" || fn.Name() == "EnsureFinalizer") {
			// Another library's helper (crossplane-runtime's
			// meta.AddFinalizer, Cluster API's finalizers.EnsureFinalizer).
			found = true
			return false
		}
		if fn != nil && depth < 4 {
			if g := c.code.Func(fn); g != nil && c.funcAddsFinalizer(g.Obj, depth+1) {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// funcAddsFinalizer reports whether the package function fn adds a
// finalizer, memoised.
func (c *checker) funcAddsFinalizer(fn *types.Func, depth int) bool {
	if v, ok := c.adds[fn]; ok {
		return v
	}
	if c.adds == nil {
		c.adds = make(map[*types.Func]bool)
	}
	c.adds[fn] = false // cuts recursion
	v := c.addsFinalizer(c.code.Func(fn).Decl.Body, depth)
	c.adds[fn] = v
	return v
}
