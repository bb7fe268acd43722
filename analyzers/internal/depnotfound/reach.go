package depnotfound

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/cfg"
)

// reach is the part of a function body reachable from its entry along a
// path that has not branched on whether the object is being deleted.
type reach struct {
	// nodes holds the CFG nodes (statements and conditions) in undecided
	// blocks.
	nodes map[ast.Node]bool
	// calls lists the calls within those nodes, outside function
	// literals, whose results are not discarded, in source order.
	calls []*ast.CallExpr
	// spans are the extents of the undecided nodes.
	spans [][2]token.Pos
}

// contains reports whether n lies within an undecided node.
func (g *reach) contains(n ast.Node) bool {
	if g == nil {
		return false
	}
	for _, s := range g.spans {
		if s[0] <= n.Pos() && n.End() <= s[1] {
			return true
		}
	}
	return false
}

// Reach is the part of a function body reachable from its entry without
// having tested whether the object is being deleted.
type Reach struct{ r *reach }

// Contains reports whether n (a statement, condition or call in the body)
// can be reached before any deletion test.
func (g Reach) Contains(n ast.Node) bool {
	if g.r == nil || n == nil {
		return false
	}
	return g.r.nodes[n] || g.r.contains(n)
}

// Calls returns the calls that can be reached before any deletion test, in
// source order, excluding calls whose results are discarded and calls in
// function literals that are not called.
func (g Reach) Calls() []*ast.CallExpr {
	if g.r == nil {
		return nil
	}
	return g.r.calls
}

// UndecidedReach computes the part of body reachable from its entry along a
// path that has not branched on a deletion test.
func (r *Result) UndecidedReach(body *ast.BlockStmt) Reach {
	if r == nil || body == nil {
		return Reach{}
	}
	return Reach{r.undecided(body)}
}

// undecided computes the undecided part of body with a control-flow graph:
// the entry is undecided; a block that ends in a condition testing deletion
// (directly, negated, or as an operand that is evaluated on that branch of
// && and ||) decides the branches it guards.
func (r *Result) undecided(body *ast.BlockStmt) *reach {
	blocks := cfg.New(body, mayReturn).Blocks
	undecided := make([]bool, len(blocks))
	if len(blocks) == 0 {
		return &reach{nodes: map[ast.Node]bool{}}
	}
	undecided[0] = true
	work := []*cfg.Block{blocks[0]}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		var decT, decF bool
		if len(b.Succs) == 2 && len(b.Nodes) > 0 {
			if cond, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr); ok {
				decT, decF = r.decide(cond, 0)
			}
		}
		for i, s := range b.Succs {
			if (i == 0 && decT) || (i == 1 && decF) {
				continue
			}
			if !undecided[s.Index] {
				undecided[s.Index] = true
				work = append(work, s)
			}
		}
	}
	out := &reach{nodes: make(map[ast.Node]bool)}
	for _, b := range blocks {
		if !undecided[b.Index] || !b.Live {
			continue
		}
		for _, n := range b.Nodes {
			out.nodes[n] = true
			out.spans = append(out.spans, [2]token.Pos{n.Pos(), n.End()})
			out.calls = append(out.calls, r.callsOf(n)...)
		}
	}
	sortCalls(out.calls)
	return out
}

func sortCalls(calls []*ast.CallExpr) {
	for i := 1; i < len(calls); i++ {
		for j := i; j > 0 && calls[j].Pos() < calls[j-1].Pos(); j-- {
			calls[j], calls[j-1] = calls[j-1], calls[j]
		}
	}
}

// mayReturn reports whether a call statement may return: not panic.
func mayReturn(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return !ok || id.Name != "panic"
}

// decide reports whether a branch on cond has tested deletion when cond is
// true (onTrue) and when it is false (onFalse).
func (r *Result) decide(cond ast.Expr, depth int) (onTrue, onFalse bool) {
	if depth > 16 {
		return false, false
	}
	if _, ok := r.checker.Test(cond); ok {
		return true, true
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			t, f := r.decide(e.X, depth+1)
			return f, t
		}
	case *ast.BinaryExpr:
		at, af := r.decide(e.X, depth+1)
		bt, bf := r.decide(e.Y, depth+1)
		switch e.Op {
		case token.LAND:
			// true: both evaluated and true; false: x false, or x true
			// and y false.
			return at || bt, af && (at || bf)
		case token.LOR:
			// true: x true, or x false and y true; false: both false.
			return at && (af || bt), af || bf
		}
	}
	return false, false
}

// hasDeletionTest reports whether body contains a condition that tests
// deletion, so that its summary needs the control-flow view.
func (r *Result) hasDeletionTest(body *ast.BlockStmt) bool {
	if r.checker == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if t, f := r.decide(n.Cond, 0); t || f {
				found = true
			}
		case *ast.ForStmt:
			if n.Cond != nil {
				if t, f := r.decide(n.Cond, 0); t || f {
					found = true
				}
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if t, f := r.decide(e, 0); t || f {
					found = true
				}
			}
		}
		return true
	})
	return found
}
