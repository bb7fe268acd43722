package foregrounddeletion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// A guard is what the path from a Delete knows when it meets a condition:
// the variable that holds a helper's "done" result, false on every path
// through a Delete, and the list the Delete ranges over, not empty once
// something was deleted.
type guard struct {
	notDone *types.Var
	ranged  string // types.ExprString of the ranged list, or ""
}

// follow returns, for Forward, the branches of cond the path can take.
func (g guard) follow(info *types.Info) func(b *cfg.Block, cond ast.Expr) []int {
	return func(b *cfg.Block, cond ast.Expr) []int {
		if v, ok := truth(info, cond, g); ok {
			if v {
				return []int{0}
			}
			return []int{1}
		}
		return nil
	}
}

// truth reports the value cond has on a path that deleted something, if
// the guard knows it.
func truth(info *types.Info, cond ast.Expr, g guard) (value, known bool) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.Ident:
		if g.notDone != nil && info.Uses[e] == g.notDone {
			return false, true
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			v, ok := truth(info, e.X, g)
			return !v, ok
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			x, xok := truth(info, e.X, g)
			y, yok := truth(info, e.Y, g)
			if e.Op == token.LAND && (xok && !x || yok && !y) {
				return false, true
			}
			if e.Op == token.LOR && (xok && x || yok && y) {
				return true, true
			}
			return x, xok && yok
		}
		if g.ranged == "" {
			return false, false
		}
		// len(list) > 0, len(list) != 0, len(list) == 0, 0 < len(list).
		x, y, op := e.X, e.Y, e.Op
		if isLenOf(info, y, g.ranged) {
			x, y = y, x
			switch op {
			case token.LSS:
				op = token.GTR
			case token.GTR:
				op = token.LSS
			}
		}
		if !isLenOf(info, x, g.ranged) || !isZero(info, y) {
			return false, false
		}
		switch op {
		case token.GTR, token.NEQ:
			return true, true
		case token.EQL:
			return false, true
		}
	}
	return false, false
}

func isLenOf(info *types.Info, e ast.Expr, list string) bool {
	x := recognize.LenArg(info, e)
	return x != nil && types.ExprString(ast.Unparen(x)) == list
}

func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) == 0
}

// rangedList returns the list that a range statement of f's body around
// pos ranges over, as types.ExprString, or "".
func rangedList(body *ast.BlockStmt, pos token.Pos) string {
	list := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if r, ok := n.(*ast.RangeStmt); ok && r.Body.Pos() <= pos {
			list = types.ExprString(ast.Unparen(r.X))
		}
		return true
	})
	return list
}

// notDoneResult returns the index of fn's bool result that is false on
// every return a path through a dependent Delete reaches (a "done" result
// that is true only when nothing was left to delete), or -1. Results are
// cached per function.
func (c *checker) notDoneResult(fn *types.Func, self types.Type) int {
	f := c.code.Func(fn)
	if f == nil {
		return -1
	}
	if k, ok := c.notDone[f.Obj]; ok {
		return k
	}
	if c.notDone == nil {
		c.notDone = make(map[*types.Func]int)
	}
	c.notDone[f.Obj] = -1 // cuts recursion
	k := -1
	for i, t := range recognize.ResultTypes(f.Obj) {
		if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			k = i
			break
		}
	}
	if k >= 0 && !c.falseAfterDelete(f, self, k) {
		k = -1
	}
	c.notDone[f.Obj] = k
	return k
}

// falseAfterDelete reports whether f deletes a dependent and every return
// reached from one of its Deletes returns the constant false as result k.
func (c *checker) falseAfterDelete(f *deletionpath.Func, self types.Type, k int) bool {
	deletes, ok := false, true
	for _, b := range f.CFG.Blocks {
		if !b.Live {
			continue
		}
		for i, n := range b.Nodes {
			if c.dependentDelete(n, self) == nil && c.helperDelete(n, self) == nil {
				continue
			}
			deletes = true
			f.Forward(b, i, func(b *cfg.Block, from int) bool {
				for _, n := range b.Nodes[from:] {
					if ret, isRet := n.(*ast.ReturnStmt); isRet {
						if len(ret.Results) <= k || !isFalse(c.info, ret.Results[k]) {
							ok = false
						}
						return false
					}
				}
				return ok
			}, nil)
			if !ok {
				return false
			}
		}
	}
	return deletes && ok
}

func isFalse(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}

// guardAt returns what the path from node n, which deletes through the
// call at or directly, knows.
func (c *checker) guardAt(f *deletionpath.Func, n ast.Node, at, del *ast.CallExpr, self types.Type) guard {
	g := guard{ranged: rangedList(f.Decl.Body, del.Pos())}
	if at == del {
		return g
	}
	fn := recognize.Callee(c.info, at)
	if fn == nil {
		return g
	}
	k := c.notDoneResult(fn, self)
	if k < 0 {
		return g
	}
	if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == at && k < len(as.Lhs) {
		if id, ok := ast.Unparen(as.Lhs[k]).(*ast.Ident); ok {
			if v, ok := c.info.ObjectOf(id).(*types.Var); ok {
				g.notDone = v
			}
		}
	}
	return g
}
