package finalizerblock

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// categorySpecGate marks a deletion that reaches the removal of its
// finalizer only while a field of the object's own spec says so.
const categorySpecGate = "specgate"

// checkSpecGates reports, in code of f that runs only while its object is
// being deleted, a condition on that object's spec alone (l.Spec.Policy !=
// Delete, or a case of a switch on it) of which one side reaches the
// finalizer removal and the other ends the pass without it and without an
// error (a nil error, with or without a requeue): while the spec says so,
// nothing removes the finalizer, and every later pass finds the same spec.
// An object made with that value, or edited after the finalizer was added,
// keeps it for ever once deleted. A condition before the deletion test (a
// suspend switch that stops every pass) is not deletion code; a side that
// returns an error tells the user on every retry. A method a framework
// calls while deleting (an entry point) is not asked: its return lets the
// framework go on.
func (c *checker) checkSpecGates(f *deletionpath.Func) {
	t := c.targets[f]
	if t.entry != nil || t.rem == nil || t.rem.Object == nil || t.rem.Node() == nil {
		return
	}
	self := deletionpath.RootVar(c.info, t.rem.Object)
	if self == nil {
		return
	}
	for _, b := range f.CFG.Blocks {
		if !b.Live || !f.Deleting(b) || c.code.RemovalIndex(b) < len(b.Nodes) {
			continue
		}
		cond := c.code.Cond(b)
		if tag, value := c.code.Case(b); tag != nil && c.constant(value) {
			// switch l.Spec.Policy { case "Orphan": ... }
			cond = &ast.BinaryExpr{X: tag, Op: token.EQL, Y: value}
		}
		if cond == nil || !c.specOnly(cond, self) {
			continue
		}
		var removes [2]bool
		var quiet [2]*ast.ReturnStmt
		for i := range 2 {
			returns, _, rem := c.walkFrom(f, b.Succs[i], 0, origin{}, false, nil)
			removes[i] = rem
			for _, r := range returns {
				if quiet[i] == nil && c.nilError(f, r) {
					quiet[i] = r
				}
			}
		}
		for i := range 2 {
			r := quiet[i]
			if r == nil || removes[i] || !removes[1-i] || c.reported[r] {
				continue
			}
			c.reported[r] = true
			when := cond
			if i == 1 {
				when = negated(cond)
			}
			kind := "object"
			if k := recognize.TypeKey(c.info.TypeOf(t.rem.Object)); k != "" {
				kind = shortKind(k)
			}
			lint.Report(c.pass, r, categorySpecGate, fmt.Sprintf(
				"this return ends the deletion of the %s without removing %s, and without an error, when %s: a field of the object's own spec decides, and every later pass finds the same spec, so an object deleted while it says so (one edited after the finalizer was added) keeps its finalizer for ever; remove the finalizer whenever it is present, and let the spec decide only the cleanup",
				kind, c.finalizerName(t.rem), types.ExprString(when)),
				lint.Related(t.rem.Node(), "the finalizer is removed here only on the other side"))
		}
	}
}

// specOnly reports whether cond depends on nothing but the spec of the
// object in variable self: each of its operands reads a field of that spec
// (self.Spec.X, self.Spec.X.IsDefined()) and no other variable, only
// constants. An operand on anything else (an annotation another controller
// sets, the status, an external state, another object) may change without
// the spec: a later pass may take the other side.
func (c *checker) specOnly(cond ast.Expr, self types.Object) bool {
	ok := true
	deletionpath.Atoms(cond, func(a ast.Expr) {
		ok = ok && c.readsOnlySpec(a, self)
	})
	return ok
}

// readsOnlySpec reports whether a reads a field of self's spec and no
// variable other than self, and self only through its spec.
func (c *checker) readsOnlySpec(a ast.Expr, self types.Object) bool {
	spec, other := false, false
	ast.Inspect(a, func(n ast.Node) bool {
		if other {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if v, ok := c.info.Uses[n.Sel].(*types.Var); ok && v.IsField() && n.Sel.Name == "Spec" && deletionpath.RootVar(c.info, n.X) == self {
				spec = true
				return false // the rest of the chain is self's spec
			}
		case *ast.Ident:
			if v, ok := c.info.Uses[n].(*types.Var); ok && !v.IsField() {
				other = true // a variable read otherwise than through self's spec
			}
		}
		return true
	})
	return spec && !other
}

// nilError reports whether r returns no error: its error result is nil,
// or f returns none. A requeue with a nil error comes back to the same
// spec, and tells no one.
func (c *checker) nilError(f *deletionpath.Func, r *ast.ReturnStmt) bool {
	sig, _ := f.Obj.Type().(*types.Signature)
	if sig == nil {
		return false
	}
	res := sig.Results()
	if res.Len() == 0 || !recognize.IsError(res.At(res.Len()-1).Type()) {
		return true
	}
	if len(r.Results) != res.Len() {
		return false // a bare return of named results, or a call's results
	}
	return recognize.IsNil(c.info, r.Results[len(r.Results)-1])
}

// constant reports whether e is a constant.
func (c *checker) constant(e ast.Expr) bool {
	tv, ok := c.info.Types[e]
	return ok && tv.Value != nil
}

// negated returns the condition that holds when cond does not, as code
// would write it: !x for x, x for !x, a != b for a == b.
func negated(cond ast.Expr) ast.Expr {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return e.X
		}
	case *ast.BinaryExpr:
		if op, ok := map[token.Token]token.Token{token.EQL: token.NEQ, token.NEQ: token.EQL, token.LSS: token.GEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR}[e.Op]; ok {
			return &ast.BinaryExpr{X: e.X, Op: op, Y: e.Y}
		}
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.StarExpr, *ast.IndexExpr:
		return &ast.UnaryExpr{Op: token.NOT, X: e}
	}
	return &ast.UnaryExpr{Op: token.NOT, X: &ast.ParenExpr{X: cond}}
}
