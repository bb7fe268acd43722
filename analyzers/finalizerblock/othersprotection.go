package finalizerblock

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// othersProtection looks, when f's own controller does not protect the
// missing dependency of o (see protection), for another controller of the
// package that reads objects of kind through one of the helpers o's lookup
// goes through and protects them with a finalizer of its own: the object
// read here is then likely the one that controller holds, and it is gone
// only if it was deleted before it got that finalizer, or after that
// controller's own deletion released it. It returns the function that
// adds the finalizer, its add and remove calls, and the helper the two
// share; nil when there is none.
//
// The order of the two deletions is not known here, so the finding keeps
// its category and says what holds under which order.
func (c *checker) othersProtection(f *deletionpath.Func, o origin, kind string) (protector *types.Func, add, remove, via *ast.CallExpr) {
	if kind == "" || o.call == nil {
		return nil, nil, nil, nil
	}
	readers := make(map[*types.Func]*ast.CallExpr)
	for _, call := range append([]*ast.CallExpr{o.call}, c.trace(o)...) {
		if _, ok := recognize.AsLookup(c.info, call); ok {
			continue // a client read names no helper the two share
		}
		if fn := recognize.Callee(c.info, call); fn != nil && readers[fn.Origin()] == nil {
			readers[fn.Origin()] = call
		}
	}
	if len(readers) == 0 {
		return nil, nil, nil, nil
	}
	own := recvName(f.Obj)
	// The package's functions that call a reader, then their callers,
	// breadth first: the first that protects kind is the nearest
	// controller that reads the dependency the same way.
	var queue []*types.Func
	seen := make(map[*types.Func]bool)
	shared := make(map[*types.Func]*ast.CallExpr)
	for _, g := range c.callers() {
		for _, fn := range g.callees {
			if via := readers[fn]; via != nil && !seen[g.fn] {
				seen[g.fn] = true
				queue = append(queue, g.fn)
				shared[g.fn] = via
			}
		}
	}
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		if name := recvName(g); name != "" && name != own {
			if a, r := c.code.Finalizes(g, kind); a != nil && r != nil {
				return g, c.code.FinalizerCall(a, kind, true), c.code.FinalizerCall(r, kind, false), shared[g]
			}
		}
		calls, _ := c.code.Calls(g)
		for _, call := range calls {
			if h := call.Func.Obj; !seen[h] {
				seen[h] = true
				shared[h] = shared[g]
				queue = append(queue, h)
			}
		}
	}
	return nil, nil, nil, nil
}

// othersRemedy says what a finding whose dependency another controller
// protects (see othersProtection) adds to its fix: whose finalizer the
// object carries, and what that means for each order of the deletions.
func othersRemedy(kind string, protector *types.Func, add, remove, via *ast.CallExpr) string {
	_, name := objkind.Split(kind)
	return fmt.Sprintf("%s also reads the %s through %s and holds it with a finalizer from %s on, which %s removes: if that deletion comes after this one, the %s is missing here only if it was deleted before it got that finalizer", recvName(protector), name, describeCall(via), describeCall(add), describeCall(remove), name)
}

// recvName returns the name of fn's receiver type (the controller a
// reconciler's methods belong to), or "" for a function.
func recvName(fn *types.Func) string {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return ""
	}
	if n := recognize.Named(recognize.Unpointer(sig.Recv().Type())); n != nil {
		return n.Obj().Name()
	}
	return ""
}

// A caller is a function of the package with the functions it calls.
type caller struct {
	fn      *types.Func
	callees []*types.Func
}

// callers returns the package's functions with what each calls, in source
// order, computed once per package.
func (c *checker) callers() []caller {
	if c.callIndex != nil {
		return *c.callIndex
	}
	var out []caller
	for _, g := range c.code.Funcs() {
		cl := caller{fn: g.Obj}
		ast.Inspect(g.Decl.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if fn := recognize.Callee(c.info, call); fn != nil {
					cl.callees = append(cl.callees, fn.Origin())
				}
			}
			return true
		})
		out = append(out, cl)
	}
	c.callIndex = &out
	return out
}
