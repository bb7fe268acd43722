package finalizerblock

import (
	"go/ast"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
)

// finalizerOnlyPastGate reports whether, in f, the finalizer is added
// only on the path where the owner lookup of o found an owner, or where
// the dependency of o was ready: an object that never had an owner never
// got the finalizer, so a return on a nil owner strands nothing; and one
// whose dependency's readiness is latched (a status field its controller
// sets to true and never back, see latched) got it only once the
// dependency was ready for good. It is told only for a function entered
// without a finalizer added on the way (see enteredWithoutFinalizer) that
// adds the finalizer itself, directly or through the package's functions.
func (c *checker) finalizerOnlyPastGate(f *deletionpath.Func, b *cfg.Block, o origin) bool {
	if !c.gate(o) || len(b.Succs) != 2 || len(f.CFG.Blocks) == 0 || !c.enteredWithoutFinalizer(f, 0) {
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
			if c.addsFinalizer(n) {
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
			if c.addsFinalizer(n) {
				withOwner = true
				return false
			}
		}
		return !withOwner
	}, nil)
	return withOwner
}

// gate reports whether o, once passed, cannot take its missing edge
// again: a nil owner (the reference is never removed), or a readiness
// field that stays true once set (x.Status.Ready, see latched).
func (c *checker) gate(o origin) bool {
	switch o.category {
	case categoryNilOwner:
		return true
	case categoryNotReady:
		sel, ok := ast.Unparen(o.ready).(*ast.SelectorExpr)
		return ok && c.latched.Latched(c.info, sel)
	}
	return false
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
		if c.addsFinalizer(n) {
			return true
		}
	}
	for _, b := range call.Func.Before(call.Block) {
		for _, n := range b.Nodes {
			if c.addsFinalizer(n) {
				return true
			}
		}
	}
	return false
}

// addsFinalizer reports whether n adds a finalizer (controllerutil's, the
// runtime's, an append to SetFinalizers), directly or through a function
// of the package or of another (crossplane-runtime's meta.AddFinalizer,
// Cluster API's finalizers.EnsureFinalizer) that adds one (deletionpath's
// AddsFinalizer).
func (c *checker) addsFinalizer(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found && c.code.AddsFinalizer(call) {
			found = true
		}
		return !found
	})
	return found
}
