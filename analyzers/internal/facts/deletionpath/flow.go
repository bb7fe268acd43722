package deletionpath

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/cfg"
)

// Forward walks f's control flow from node index from of block start, each
// block at most once. scan is called with each block reached and the index
// of its first node to consider (from for start, 0 for the others); it
// returns false to end the walk on that path. After a block that ends in a
// boolean condition, follow chooses the successors to take (indices into
// Succs: 0 when the condition holds, 1 when it does not); a nil follow, or
// one that returns nil, takes both.
func (f *Func) Forward(start *cfg.Block, from int, scan func(b *cfg.Block, from int) bool, follow func(b *cfg.Block, cond ast.Expr) []int) {
	if f == nil || start == nil {
		return
	}
	seen := make(map[*cfg.Block]bool)
	type item struct {
		b    *cfg.Block
		from int
	}
	stack := []item{{start, from}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !scan(it.b, it.from) {
			continue
		}
		succs := []int{0, 1}
		if cond := f.code.Cond(it.b); cond != nil && follow != nil {
			if s := follow(it.b, cond); s != nil {
				succs = s
			}
		}
		for i, s := range it.b.Succs {
			if s == nil || seen[s] || !contains(succs, i) {
				continue
			}
			seen[s] = true
			stack = append(stack, item{s, 0})
		}
	}
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// Before returns the blocks of f from which block b can be reached, b
// itself only when it is in a loop.
func (f *Func) Before(b *cfg.Block) []*cfg.Block {
	if f == nil || b == nil {
		return nil
	}
	preds := f.predecessors()
	seen := closure(preds[b.Index], func(x *cfg.Block) []*cfg.Block { return preds[x.Index] })
	out := make([]*cfg.Block, 0, len(seen))
	for _, x := range f.CFG.Blocks {
		if seen[x] {
			out = append(out, x)
		}
	}
	return out
}

// Avoiding returns the blocks of f its entry reaches without taking an
// edge that skip rejects (the edge from block b to its successor
// b.Succs[succ]).
func (f *Func) Avoiding(skip func(b *cfg.Block, succ int) bool) map[*cfg.Block]bool {
	if f == nil || len(f.CFG.Blocks) == 0 {
		return nil
	}
	return closure([]*cfg.Block{f.CFG.Blocks[0]}, func(x *cfg.Block) []*cfg.Block {
		var next []*cfg.Block
		for i, s := range x.Succs {
			if !skip(x, i) {
				next = append(next, s)
			}
		}
		return next
	})
}

// Dominates reports whether every path of f from its entry to block target
// takes the edge from block b to its successor succ (0: the condition
// holds, 1: it does not).
func (f *Func) Dominates(b *cfg.Block, succ int, target *cfg.Block) bool {
	if f == nil || b == nil || target == nil || succ >= len(b.Succs) || len(f.CFG.Blocks) == 0 {
		return false
	}
	return !f.Avoiding(func(x *cfg.Block, i int) bool { return x == b && i == succ })[target]
}

// closure returns the blocks reached from start by next, start included.
func closure(start []*cfg.Block, next func(*cfg.Block) []*cfg.Block) map[*cfg.Block]bool {
	seen := make(map[*cfg.Block]bool)
	stack := slices.Clone(start)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == nil || seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, next(x)...)
	}
	return seen
}

// predecessors returns the predecessors of each block, by index.
func (f *Func) predecessors() [][]*cfg.Block {
	p := make([][]*cfg.Block, len(f.CFG.Blocks))
	for _, b := range f.CFG.Blocks {
		for _, s := range b.Succs {
			if s != nil {
				p[s.Index] = append(p[s.Index], b)
			}
		}
	}
	return p
}

// Definitions returns the right-hand sides of the assignments to v that may
// reach node index idx of block b, searching backwards through f's control
// flow. An assignment from a call with several results (x, err := f())
// gives the call. ok is false when some definition cannot be told (a
// multiple assignment from several values, a parameter, a variable taken
// by address is not detected and counts as its last assignment).
func (f *Func) Definitions(b *cfg.Block, idx int, v types.Object) (defs []ast.Expr, ok bool) {
	if f == nil || b == nil || v == nil {
		return nil, false
	}
	info := f.code.Info
	ok = true
	var preds [][]*cfg.Block
	seen := make(map[*cfg.Block]bool)
	type item struct {
		b   *cfg.Block
		end int
	}
	stack := []item{{b, idx}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		found := false
		for i := min(it.end, len(it.b.Nodes)) - 1; i >= 0 && !found; i-- {
			rhs, assigns, known := assignment(info, it.b.Nodes[i], v)
			if !assigns {
				continue
			}
			found = true
			if !known {
				ok = false
			} else {
				defs = append(defs, rhs)
			}
		}
		if found {
			continue
		}
		if it.b.Index == 0 {
			// Reached the entry: v is a parameter or defined outside.
			if v.Pos() < f.Decl.Body.Pos() || v.Pos() >= f.Decl.Body.End() {
				ok = false
			}
			continue
		}
		if preds == nil {
			preds = f.predecessors()
		}
		for _, p := range preds[it.b.Index] {
			if !seen[p] {
				seen[p] = true
				stack = append(stack, item{p, len(p.Nodes)})
			}
		}
	}
	return defs, ok
}

// assignment reports whether node assigns v, and the value assigned when
// it can be told.
func assignment(info *types.Info, node ast.Node, v types.Object) (rhs ast.Expr, assigns, known bool) {
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		return info.Defs[id] == v || info.Uses[id] == v
	}
	switch n := node.(type) {
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			if !is(lhs) {
				continue
			}
			switch {
			case n.Tok != token.DEFINE && n.Tok != token.ASSIGN:
				return nil, true, false
			case len(n.Rhs) == len(n.Lhs):
				return n.Rhs[i], true, true
			case len(n.Rhs) == 1:
				return n.Rhs[0], true, true
			}
			return nil, true, false
		}
	case *ast.DeclStmt:
		gd, ok := n.Decl.(*ast.GenDecl)
		if !ok {
			return nil, false, false
		}
		for _, spec := range gd.Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok {
				if rhs, assigns, known := valueSpec(info, vs, v); assigns {
					return rhs, assigns, known
				}
			}
		}
	case *ast.ValueSpec:
		// The control-flow graph holds each var spec as a node of its own.
		return valueSpec(info, n, v)
	case *ast.Ident:
		// The key and value of a range statement are nodes of their own.
		if info.Defs[n] == v {
			return nil, true, false
		}
	}
	return nil, false, false
}

// valueSpec reports whether vs declares v, and the value it is given when
// it can be told (nil for the zero value: var x T).
func valueSpec(info *types.Info, vs *ast.ValueSpec, v types.Object) (rhs ast.Expr, assigns, known bool) {
	for i, name := range vs.Names {
		if info.Defs[name] != v {
			continue
		}
		switch {
		case len(vs.Values) == len(vs.Names):
			return vs.Values[i], true, true
		case len(vs.Values) == 1:
			return vs.Values[0], true, true
		}
		return nil, true, len(vs.Values) == 0
	}
	return nil, false, false
}

// NodeIndex returns the index of node n in block b, or -1.
func NodeIndex(b *cfg.Block, n ast.Node) int {
	for i, x := range b.Nodes {
		if x == n {
			return i
		}
	}
	return -1
}
