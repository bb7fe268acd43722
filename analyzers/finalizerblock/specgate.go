package finalizerblock

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// categorySpecGate marks a deletion that reaches the removal of its
// finalizer only while a field of the object's own spec says so.
const categorySpecGate = "specgate"

// categoryStatusGate marks one that reaches it only while a field of the
// object's own status, which the controller sets only while the object is
// not being deleted, says so.
const categoryStatusGate = "statusgate"

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
		if cond == nil {
			continue
		}
		g, ok := c.ownState(cond, self)
		if !ok || len(g.status) > 0 && !c.frozenStatus(self, g.status) {
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
			if !c.drains(when) {
				c.reportGate(t.rem, r, when, len(g.status) > 0)
			}
		}
	}
}

// reportGate reports the quiet return r, taken when when holds, of a
// deletion whose removal rem is on the other side: a gate on the spec, or
// on the status when onStatus.
func (c *checker) reportGate(rem *recognize.FinalizerRemoval, r *ast.ReturnStmt, when ast.Expr, onStatus bool) {
	kind := "object"
	if k := recognize.TypeKey(c.info.TypeOf(rem.Object)); k != "" {
		kind = shortKind(k)
	}
	category, msg := categorySpecGate, "a field of the object's own spec decides, and every later pass finds the same spec, so an object deleted while it says so (one edited after the finalizer was added) keeps its finalizer for ever; remove the finalizer whenever it is present, and let the spec decide only the cleanup"
	if onStatus {
		category, msg = categoryStatusGate, "the object's own status decides, the controller sets it only while the object is not being deleted, and every later pass finds the same status, so an object deleted in that state (one whose status was never set) keeps its finalizer for ever; remove the finalizer whenever there is nothing left to clean up"
	}
	lint.Report(c.pass, r, category, fmt.Sprintf(
		"this return ends the deletion of the %s without removing %s, and without an error, when %s: %s",
		kind, c.finalizerName(rem), types.ExprString(when), msg),
		lint.Related(rem.Node(), "the finalizer is removed here only on the other side"))
}

// drains reports whether when, the condition under which a quiet return
// ends the deletion, holds while a list or map of the spec has entries
// (len(m.Spec.Hooks.PreDelete) > 0): the deletion waits for that list to
// drain. Entries of such a list are there to be removed, each by the
// party it names (a hook's owner), and that edit of the spec wakes the
// controller: the spec does not stay the same. The other way round (a
// return while the list is empty, a removal only while it has entries)
// does not drain, and is reported.
func (c *checker) drains(when ast.Expr) bool {
	when, negate := ast.Unparen(when), false
	if u, ok := when.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		when, negate = u.X, true
	}
	x, whenEmpty, ok := recognize.EmptyTest(c.info, when)
	if !ok || whenEmpty == !negate {
		return false
	}
	switch c.info.TypeOf(x).Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// gate is what a condition on the object's own state reads: its spec,
// and the fields of its status.
type gate struct {
	spec   bool
	status map[string]bool
}

// ownState reports whether cond depends on nothing but the spec and the
// status of the object in variable self: each of its operands reads a
// field of them (self.Spec.X, self.Spec.X.IsDefined(), self.Status.ID),
// directly or through a local variable assigned once from one, and no
// other variable, only constants; and returns what it reads. An operand
// on anything else (an annotation another controller sets, an external
// state, another object) may change without the object: a later pass may
// take the other side.
func (c *checker) ownState(cond ast.Expr, self types.Object) (gate, bool) {
	g := gate{status: make(map[string]bool)}
	ok := true
	deletionpath.Atoms(cond, func(a ast.Expr) {
		ok = ok && c.readsOwnState(a, self, &g, 0)
	})
	return g, ok
}

// readsOwnState reports whether a reads a field of self's spec or status
// and no variable other than self (or a local one holding such a field),
// and self only through them; it records what it reads in g.
func (c *checker) readsOwnState(a ast.Expr, self types.Object, g *gate, depth int) bool {
	reads, other := false, false
	ast.Inspect(a, func(n ast.Node) bool {
		if other {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if v, ok := c.info.Uses[n.Sel].(*types.Var); ok && v.IsField() && n.Sel.Name == "Spec" && deletionpath.RootVar(c.info, n.X) == self {
				g.spec, reads = true, true
				return false // the rest of the chain is self's spec
			}
			if st, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok && st.Sel.Name == "Status" && deletionpath.RootVar(c.info, st.X) == self {
				g.status[n.Sel.Name], reads = true, true
				return false // self.Status.ID, and what it reads of it
			}
		case *ast.Ident:
			v, ok := c.info.Uses[n].(*types.Var)
			if !ok || v.IsField() {
				return true
			}
			// id := obj.Status.ID; if id == "" { ... }
			if e := inspection.Of(c.pass).Values.Sole(v); depth == 0 && e != nil && c.readsOwnState(e, self, g, depth+1) {
				reads = true
				return true
			}
			other = true // a variable read otherwise than through self
		}
		return true
	})
	return reads && !other
}

// frozenStatus reports whether every one of fields of the status of
// objects of self's type is written by the package (obj.Status.ID = id,
// &obj.Status.Conditions handed to a call) and only in normal-only code:
// the controller keeps the field, and nothing it runs while deleting
// changes it. A field it never writes may be another component's (an
// agent that reports into the status, a helper of another package that
// sets it through the object): a later pass may find it changed.
func (c *checker) frozenStatus(self types.Object, fields map[string]bool) bool {
	t := recognize.Unpointer(self.Type())
	written, whileDeleting := make(map[string]bool), false
	for cur := range inspection.Of(c.pass).Inspector.Root().Preorder((*ast.SelectorExpr)(nil)) {
		sel := cur.Node().(*ast.SelectorExpr)
		st, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
		if !ok || st.Sel.Name != "Status" || !fields[sel.Sel.Name] || !types.Identical(recognize.Unpointer(c.info.TypeOf(st.X)), t) || !isWrite(cur) {
			continue
		}
		written[sel.Sel.Name] = true
		whileDeleting = whileDeleting || c.mayRunWhileDeleting(cur)
	}
	return len(written) == len(fields) && !whileDeleting
}

// isWrite reports whether the expression at cur is written: assigned to,
// incremented, or its address taken.
func isWrite(cur inspector.Cursor) bool {
	n := cur.Node()
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		return slices.Contains(p.Lhs, n.(ast.Expr))
	case *ast.IncDecStmt:
		return true
	case *ast.UnaryExpr:
		return p.Op == token.AND
	case *ast.SelectorExpr, *ast.IndexExpr:
		return isWrite(cur.Parent()) // obj.Status.IDs[0] = ...
	}
	return false
}

// mayRunWhileDeleting reports whether the node at cur may run while the
// object is being deleted: it is not in normal-only code.
func (c *checker) mayRunWhileDeleting(cur inspector.Cursor) bool {
	f, b := c.code.Enclosing(cur)
	if f == nil || b == nil {
		return true // a function literal, a package-level value: not known
	}
	return !c.code.NormalOnly(f.Obj) && f.MayDelete(b)
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
