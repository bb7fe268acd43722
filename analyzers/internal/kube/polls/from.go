package polls

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
)

// maxChain bounds the calls between Reconcile and the node ReconcilerFrom
// is asked about.
const maxChain = 8

// ReconcilerFrom returns the poll of the passes of recv's Reconcile that
// run any of ats, nodes of Reconcile or of functions of the package it
// calls at any depth (where children's owner references are set), and
// whether every such pass that succeeds on a live object asks for another.
// Only the returns that can follow the node count: a pass that returns
// before it (its owner not found or not ready yet, paused) makes nothing
// there, and would not with a watch either. A return of the call that
// leads towards the node (return r.reconcileNormal(ctx, obj)) polls as that
// function's own returns after it do. For a node not known to be reached
// from Reconcile (a caller takes its function as a value, or no chain of
// calls leads there), and when ats is empty, it is Reconciler's answer.
func (r *Result) ReconcilerFrom(recv types.Type, ats ...ast.Node) (Poll, bool) {
	if r == nil || recv == nil {
		return Poll{}, false
	}
	target := reconcileMethod(recv)
	if target == nil || len(ats) == 0 {
		return r.Reconciler(recv)
	}
	var poll Poll
	for i, at := range ats {
		f, b := r.code.Around(at)
		if f == nil {
			return r.Reconciler(recv)
		}
		w := &fromWalk{r: r, target: target.Origin(), onChain: make(map[*types.Func]bool), done: make(map[callKey]fromAnswer)}
		p, ok, reached := w.from(f, b, at, nil, 0)
		if !reached || w.unknown {
			p, ok = r.Reconciler(recv)
		}
		if !ok {
			return Poll{}, false
		}
		poll = join(poll, i > 0, p)
	}
	return poll, true
}

// fromWalk follows the calls from a node up to the Reconcile method
// target.
type fromWalk struct {
	r       *Result
	target  *types.Func
	onChain map[*types.Func]bool // the functions of the chain walked
	// unknown is set when a function on the way is also taken as a
	// value (a step in a table of steps): its callers are not all known.
	unknown bool
	// done holds the answer for each call of the chain walked and the
	// answer of its callee it hands on, so that a function called from
	// many places whose callers are too is walked once per call.
	done map[callKey]fromAnswer
}

type callKey struct {
	call *ast.CallExpr
	own  answer
}

type fromAnswer struct {
	p           Poll
	ok, reached bool
}

// from returns the poll of the returns of f that can follow at, in block b,
// a return of the call in through answering as through says; then, for a
// function other than the target, that of its callers' returns after each
// call of it. reached is false when no chain of calls leads from the
// target to f, or when the callers of a function on the way are not all
// known (w.unknown); ok is false when a chain passes without polling.
func (w *fromWalk) from(f *deletionpath.Func, b *cfg.Block, at ast.Node, through map[*ast.CallExpr]*answer, depth int) (p Poll, ok, reached bool) {
	fn := f.Obj.Origin()
	if w.onChain[fn] || depth > maxChain {
		return Poll{}, false, false
	}
	after := returnsAfter(b, at)
	var own *answer // f's result, for a caller that returns it
	if returnsResult(fn) {
		poll, polls := w.r.compute(fn, after, through)
		if fn == w.target {
			return poll, polls, true
		}
		own = &answer{poll: poll, ok: polls, done: true}
	}
	calls, known := w.r.code.Calls(fn)
	if !known {
		w.unknown = true
		return Poll{}, false, false
	}
	w.onChain[fn] = true
	defer delete(w.onChain, fn)
	any := false
	for _, c := range calls {
		var thru map[*ast.CallExpr]*answer
		key := callKey{call: c.Call}
		if own != nil {
			thru = map[*ast.CallExpr]*answer{c.Call: own}
			key.own = *own
		}
		a, seen := w.done[key]
		if !seen {
			a.p, a.ok, a.reached = w.from(c.Func, c.Block, c.Call, thru, depth+1)
			w.done[key] = a
		}
		q, polls, reaches := a.p, a.ok, a.reached
		switch {
		case !reaches:
			continue
		case !polls:
			return Poll{}, false, true
		}
		p, any = join(p, any, q), true
	}
	return p, any, any
}

// returnsAfter returns the return statements that can run after at, a
// node in block b (the return around at included).
func returnsAfter(b *cfg.Block, at ast.Node) map[*ast.ReturnStmt]bool {
	out := make(map[*ast.ReturnStmt]bool)
	from := 0
	for i, n := range b.Nodes {
		if n.Pos() <= at.Pos() && at.End() <= n.End() {
			from = i
			break
		}
	}
	collect := func(nodes []ast.Node) {
		for _, n := range nodes {
			if ret, ok := n.(*ast.ReturnStmt); ok {
				out[ret] = true
			}
		}
	}
	collect(b.Nodes[from:])
	seen := make(map[*cfg.Block]bool)
	queue := append([]*cfg.Block(nil), b.Succs...)
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if seen[x] {
			continue
		}
		seen[x] = true
		collect(x.Nodes)
		queue = append(queue, x.Succs...)
	}
	return out
}
