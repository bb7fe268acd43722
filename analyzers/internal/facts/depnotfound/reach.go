package depnotfound

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/isdeleting"
)

// reach is the part of a function body reachable from its entry along a
// path that has not branched on whether the object is being deleted.
type reach struct {
	// nodes maps the CFG nodes (statements and conditions) of live blocks
	// to what the paths reaching them know about deletion.
	nodes map[ast.Node]uint8
	// calls lists the calls, outside function literals and with results
	// that are not discarded, in nodes reachable undecided or only while
	// deleting, in source order.
	calls []*ast.CallExpr
	// spans are the extents of those nodes.
	spans [][2]token.Pos
}

// contains reports whether n lies within a node reachable undecided or
// only while deleting.
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

// Contains reports whether n, a statement or condition of the body's
// control-flow graph (such as a return statement), can be reached on a path
// that has not tested deletion.
func (g Reach) Contains(n ast.Node) bool {
	if g.r == nil || n == nil {
		return false
	}
	return g.r.nodes[n]&kUndecided != 0
}

// Unknown reports whether n can be reached on a path that does not know
// whether the object is being deleted: one that has not tested deletion,
// or one where a test's answer was lost because the paths of both answers
// joined before n (if deleting { log(...) }; return requeue()).
func (g Reach) Unknown(n ast.Node) bool {
	if g.r == nil || n == nil {
		return false
	}
	st := g.r.nodes[n]
	return st&kUndecided != 0 || st&(kDeleting|kLive) == kDeleting|kLive
}

// Calls returns the calls that can be reached before any deletion test or
// only while the object is being deleted, in source order, excluding calls
// whose results are discarded and calls in function literals that are not
// called.
func (g Reach) Calls() []*ast.CallExpr {
	if g.r == nil {
		return nil
	}
	return g.r.calls
}

// What a path knows about the deletion state, as a set of the kinds of
// paths that reach a block.
const (
	kUndecided uint8 = 1 << iota // no deletion test on the way
	kDeleting                    // the object is being deleted
	kLive                        // the object is not being deleted
)

// undecided computes the undecided part of body with a control-flow graph:
// the entry is undecided; a block that ends in a condition testing deletion
// (directly, negated, or as an operand that is evaluated on that branch of
// && and ||) decides the branches it guards. Blocks reached only on paths
// known to be deleting count as undecided too: resolving there fails just
// the same.
func (r *solver) undecided(body *ast.BlockStmt) *reach {
	blocks := cfg.New(body, mayReturn).Blocks
	out := &reach{nodes: make(map[ast.Node]uint8)}
	if len(blocks) == 0 {
		return out
	}
	state := make([]uint8, len(blocks))
	state[0] = kUndecided
	work := []*cfg.Block{blocks[0]}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		outcomes := [2]uint8{kUndecided, kUndecided}
		if len(b.Succs) == 2 && len(b.Nodes) > 0 {
			if cond, ok := b.Nodes[len(b.Nodes)-1].(ast.Expr); ok {
				outcomes[0], outcomes[1] = decide(r.checker, cond, 0)
			}
		}
		for i, s := range b.Succs {
			o := kUndecided
			if i < 2 {
				o = outcomes[i]
			}
			// A path that knows the state takes only the branches a test
			// allows it: a deleting path never enters "if !deleting".
			var next uint8
			for _, k := range []uint8{kDeleting, kLive} {
				if state[b.Index]&k != 0 && o&(kUndecided|k) != 0 {
					next |= k
				}
			}
			if state[b.Index]&kUndecided != 0 {
				next |= o
			}
			if next|state[s.Index] != state[s.Index] {
				state[s.Index] |= next
				work = append(work, s)
			}
		}
	}
	for _, b := range blocks {
		st := state[b.Index]
		if !b.Live || st == 0 {
			continue
		}
		for _, n := range b.Nodes {
			out.nodes[n] = st
			if st&kUndecided != 0 || st == kDeleting {
				out.spans = append(out.spans, [2]token.Pos{n.Pos(), n.End()})
				out.calls = append(out.calls, callsOf(r.pass.TypesInfo, n)...)
			}
		}
	}
	slices.SortFunc(out.calls, func(a, b *ast.CallExpr) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

// mayReturn reports whether a call statement may return: not panic.
func mayReturn(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return !ok || id.Name != "panic"
}

// meet combines what two tests that both held tell: undecided adds
// nothing; agreeing tests keep their answer; contradicting ones (an
// infeasible path) are taken as either.
func meet(a, b uint8) uint8 {
	var out uint8
	for _, x := range []uint8{kUndecided, kDeleting, kLive} {
		if a&x == 0 {
			continue
		}
		for _, y := range []uint8{kUndecided, kDeleting, kLive} {
			if b&y == 0 {
				continue
			}
			switch {
			case x == kUndecided:
				out |= y
			case y == kUndecided || x == y:
				out |= x
			default:
				out |= kDeleting | kLive
			}
		}
	}
	return out
}

// decide returns what a branch on cond tells about the deletion state when
// cond is true and when it is false, as sets of kinds: kUndecided when the
// outcome may have been reached without evaluating a deletion test.
func decide(c *isdeleting.Checker, cond ast.Expr, depth int) (onTrue, onFalse uint8) {
	if depth > 16 {
		return kUndecided, kUndecided
	}
	if t, ok := c.Test(cond); ok {
		if t.WhenDeleting {
			return kDeleting, kLive
		}
		return kLive, kDeleting
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			t, f := decide(c, e.X, depth+1)
			return f, t
		}
	case *ast.BinaryExpr:
		at, af := decide(c, e.X, depth+1)
		bt, bf := decide(c, e.Y, depth+1)
		switch e.Op {
		case token.LAND:
			// true: both held; false: x failed, or x held and y failed.
			return meet(at, bt), af | meet(at, bf)
		case token.LOR:
			// true: x held, or x failed and y held; false: both failed.
			return at | meet(af, bt), meet(af, bf)
		}
	}
	return kUndecided, kUndecided
}

// testsDeletion reports whether a branch on cond tells anything about
// deletion.
func testsDeletion(c *isdeleting.Checker, cond ast.Expr) bool {
	t, f := decide(c, cond, 0)
	return t != kUndecided || f != kUndecided
}

// hasDeletionTest reports whether body contains a condition that tests
// deletion, so that its summary needs the control-flow view.
func (r *solver) hasDeletionTest(body *ast.BlockStmt) bool {
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
			if testsDeletion(r.checker, n.Cond) {
				found = true
			}
		case *ast.ForStmt:
			if n.Cond != nil {
				if testsDeletion(r.checker, n.Cond) {
					found = true
				}
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if testsDeletion(r.checker, e) {
					found = true
				}
			}
		}
		return true
	})
	return found
}
