package finalizerblock

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// waitsWhileDeleting returns the waits of f, on a path where its object
// may be being deleted and before its finalizer removal, on a looked-up
// object of another kind that is itself being deleted: a condition that
// tests that object's deletion (if !gadget.DeletionTimestamp.IsZero() {
// return requeue }) and returns on that branch. While that object is
// being deleted, f keeps its finalizer; if that object's deletion waits in
// turn for f's kind, neither is removed. Such a wait holds only while the
// other object is being deleted, not while it merely exists, so it is
// paired into deadlocks (reportDeadlocks) and nothing else: no rule takes
// it for a wait that keeps f's kind from being gone first.
func (c *checker) waitsWhileDeleting(f *deletionpath.Func) []localWait {
	waiter := c.waiterOf(f)
	if waiter == "" || c.code.Checker == nil {
		return nil
	}
	var out []localWait
	for _, b := range f.CFG.Blocks {
		if !b.Live || !f.MayDelete(b) || c.code.RemovalIndex(b) < len(b.Nodes) {
			continue
		}
		cond := c.code.Cond(b)
		if cond == nil {
			continue
		}
		l, v, edge, ok := c.deletingEdge(f, b, cond)
		if !ok {
			continue
		}
		on := recognize.TypeKey(l.Type)
		if on == "" || c.kinds.Key(on) == c.kinds.Key(waiter) {
			continue
		}
		o := origin{lookup: l, call: l.Call, objVar: v, present: -1}
		returns, _, removes := c.walkFrom(f, b.Succs[edge], 0, o, false, nil)
		if !removes && len(returns) > 0 && c.retries(f, returns[0]) {
			out = append(out, localWait{Wait: Wait{Waiter: waiter, On: on}, at: returns[0], fn: f.Obj, deleting: true})
		}
	}
	return out
}

// deletingEdge finds, in cond (the condition that ends b), a test that an
// object f looked up is being deleted, and returns the lookup, its variable
// and the edge of b taken while that object is being deleted. The test may
// be one operand of several (if err == nil && !shelf.DeletionTimestamp.IsZero()):
// the condition's value is then that of the test, with the lookup's error
// nil (an object being deleted exists); any other operand must not decide
// it, or the branch is not taken whenever the object is being deleted.
func (c *checker) deletingEdge(f *deletionpath.Func, b *cfg.Block, cond ast.Expr) (l recognize.Lookup, v types.Object, edge int, ok bool) {
	deletionpath.Atoms(cond, func(a ast.Expr) {
		if ok {
			return
		}
		t, isTest := c.code.Checker.Test(a)
		if !isTest || t.Object == nil {
			return
		}
		if _, self := f.SelfTest(a); self {
			return
		}
		x := deletionpath.RootVar(c.info, t.Object)
		lx, found := c.lookupOf(f, b, len(b.Nodes)-1, x)
		if !found || lx.Type == nil || c.isSelf(f, lx) || c.keyedByListed(lx) {
			return
		}
		errVar := resultErrVar(c.info, f, lx.Call)
		value := func(deleting bool) (bool, bool) {
			return deletionpath.Eval(cond, func(y ast.Expr) (bool, bool) {
				if t, ok := c.code.Checker.Test(y); ok && t.Object != nil && deletionpath.RootVar(c.info, t.Object) == x {
					return t.WhenDeleting == deleting, true
				}
				if e, whenNil, ok := recognize.NilTest(c.info, y); ok && errVar != nil && deletionpath.RootVar(c.info, e) == errVar {
					return whenNil, true
				}
				return false, false
			})
		}
		whileDeleting, known := value(true)
		otherwise, knownOtherwise := value(false)
		if !known || !knownOtherwise || whileDeleting == otherwise {
			return
		}
		l, v, ok = lx, x, true
		if edge = 0; !whileDeleting {
			edge = 1
		}
	})
	return l, v, edge, ok
}
