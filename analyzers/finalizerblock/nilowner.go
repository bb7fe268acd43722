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
// owner strands nothing. It is told only for a function the package does
// not call (Reconcile: no caller can have added it first) that adds the
// finalizer itself, directly or through the package's functions.
func (c *checker) finalizerOnlyWithOwner(f *deletionpath.Func, b *cfg.Block, o origin) bool {
	if o.category != categoryNilOwner || o.present < 0 || c.code.Referenced(f.Obj) || len(f.CFG.Blocks) == 0 {
		return false
	}
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
	f.Forward(b.Succs[o.present], 0, func(x *cfg.Block, from int) bool {
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
