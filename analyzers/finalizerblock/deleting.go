package finalizerblock

import (
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
		t, ok := c.code.Checker.Test(cond)
		if !ok || t.Object == nil {
			continue
		}
		if _, self := f.SelfTest(cond); self {
			continue
		}
		v := deletionpath.RootVar(c.info, t.Object)
		l, ok := c.lookupOf(f, b, len(b.Nodes)-1, v)
		if !ok || l.Type == nil || c.isSelf(f, l) || c.keyedByListed(l) {
			continue
		}
		on := recognize.TypeKey(l.Type)
		if on == "" || c.kinds.Key(on) == c.kinds.Key(waiter) {
			continue
		}
		edge := 1
		if t.WhenDeleting {
			edge = 0
		}
		if edge >= len(b.Succs) {
			continue
		}
		o := origin{lookup: l, call: l.Call, objVar: v, present: -1}
		returns, _, removes := c.walkFrom(f, b.Succs[edge], 0, o, false, nil)
		if !removes && len(returns) > 0 && c.retries(f, returns[0]) {
			out = append(out, localWait{Wait: Wait{Waiter: waiter, On: on}, at: returns[0]})
		}
	}
	return out
}
