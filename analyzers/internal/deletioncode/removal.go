package deletioncode

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Removal returns the first finalizer removal (in source order) that fn
// reaches: one in its body, or one reached through the package functions it
// calls. It returns nil when fn reaches none.
func (c *Code) Removal(fn *types.Func) *recognize.FinalizerRemoval {
	if c == nil || fn == nil {
		return nil
	}
	c.computeRemovals()
	return c.removal[fn.Origin()]
}

// ReachesRemoval reports whether n calls a finalizer removal or a package
// function that reaches one.
func (c *Code) ReachesRemoval(n ast.Node) bool {
	if c == nil || n == nil {
		return false
	}
	c.computeRemovals()
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if _, ok := recognize.AsFinalizerRemoval(c.Info, call); ok {
				found = true
			} else if fn := recognize.Callee(c.Info, call); fn != nil && c.removal[fn.Origin()] != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// RemovalIndex returns the index of the first node of b that reaches a
// finalizer removal, or len(b.Nodes) when none does.
func (c *Code) RemovalIndex(b *cfg.Block) int {
	if c == nil || b == nil {
		return 0
	}
	c.firstMu.Lock()
	i, ok := c.firstRemoval[b]
	c.firstMu.Unlock()
	if ok {
		return i
	}
	for ; i < len(b.Nodes); i++ {
		if c.ReachesRemoval(b.Nodes[i]) {
			break
		}
	}
	c.firstMu.Lock()
	if c.firstRemoval == nil {
		c.firstRemoval = make(map[*cfg.Block]int)
	}
	c.firstRemoval[b] = i
	c.firstMu.Unlock()
	return i
}

// computeRemovals finds, once, the removal each function reaches, to a
// fixed point over the package's call graph.
func (c *Code) computeRemovals() {
	c.removalOnce.Do(c.findRemovals)
}

func (c *Code) findRemovals() {
	c.removal = make(map[*types.Func]*recognize.FinalizerRemoval)
	callees := make(map[*types.Func][]*types.Func)
	for _, f := range c.funcs {
		ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if r, ok := recognize.AsFinalizerRemoval(c.Info, call); ok && c.removal[f.Obj] == nil {
				c.removal[f.Obj] = &r
			}
			if fn := recognize.Callee(c.Info, call); fn != nil && c.byObj[fn] != nil {
				callees[f.Obj] = append(callees[f.Obj], fn)
			}
			return true
		})
	}
	for changed := true; changed; {
		changed = false
		for _, f := range c.funcs {
			if c.removal[f.Obj] != nil {
				continue
			}
			for _, fn := range callees[f.Obj] {
				if r := c.removal[fn]; r != nil {
					c.removal[f.Obj] = r
					changed = true
					break
				}
			}
		}
	}
}
