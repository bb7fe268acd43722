package foregrounddeletion

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// A guard is what the path from a Delete knows when it meets a condition:
// the variable that holds a helper's "done" result, false on every path
// through a Delete, and the list the Delete ranges over, not empty once
// something was deleted, as is a count the value it was drawn from gives
// (children := s.tree.owned(); ... if s.tree.pending() > 0 { requeue }).
type guard struct {
	notDone *types.Var
	ranged  string // types.ExprString of the ranged list, or ""
	// source is types.ExprString of the value whose method gave the
	// ranged list, or "".
	source string
	vals   *values.Index
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
	isCount := func(e ast.Expr) bool { return isLenOf(info, e, g.ranged) || g.derivedCount(info, e) }
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
		if isCount(y) {
			x, y = y, x
			switch op {
			case token.LSS:
				op = token.GTR
			case token.GTR:
				op = token.LSS
			}
		}
		if !isCount(x) || !isZero(info, y) {
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

// derivedCount reports whether e is an integer that a method of the
// ranged list's source gives (s.tree.pending()), or a variable assigned
// one: a count of what the list was drawn from, the deleted objects
// included.
func (g guard) derivedCount(info *types.Info, e ast.Expr) bool {
	if g.source == "" {
		return false
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok && g.vals != nil {
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		as := g.vals.Assignments(v)
		if len(as) != 1 || as[0].Single() == nil {
			return false
		}
		e = as[0].Single()
	}
	b, ok := info.TypeOf(e).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0 && methodSource(info, e) == g.source
}

// methodSource returns types.ExprString of the receiver of e, a method
// call, or "".
func methodSource(info *types.Info, e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return ""
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return ""
	}
	return types.ExprString(ast.Unparen(sel.X))
}

func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) == 0
}

// rangedList returns the list that a range statement of f's body around
// pos ranges over, or nil.
func rangedList(body *ast.BlockStmt, pos token.Pos) ast.Expr {
	var list ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if r, ok := n.(*ast.RangeStmt); ok && r.Body.Pos() <= pos {
			list = ast.Unparen(r.X)
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
	g := guard{vals: c.vals}
	if list := rangedList(f.Decl.Body, del.Pos()); list != nil {
		g.ranged = types.ExprString(list)
		// The value whose method gave the ranged list: children :=
		// s.tree.owned(); for _, x := range children { Delete }.
		if id, ok := list.(*ast.Ident); ok && c.vals != nil {
			if v, ok := c.info.Uses[id].(*types.Var); ok {
				if as := c.vals.Assignments(v); len(as) == 1 && as[0].Result == 0 && as[0].Value != nil {
					g.source = methodSource(c.info, as[0].Value)
				}
			}
		}
	}
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
