package finalizerblock

import (
	"fmt"
	"go/ast"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// categoryOrder marks a deletion that releases its finalizer while objects
// whose own deletion needs it may be left.
const categoryOrder = "order"

// A need is a lookup in the deletion code of kind needer (B) of an object
// of kind on (A) that strands B's finalizer once A is gone: B's deletion
// needs A, so A's deletion must wait until no B is left.
type need struct {
	needer, on string
	at         *ast.CallExpr // the lookup
}

// recordNeed notes the need that the lookup of o, in f, shows.
func (c *checker) recordNeed(f *deletionpath.Func, o origin) {
	rem := c.removal(f)
	dep := c.lookedUp(o)
	if rem == nil || rem.Object == nil || dep == nil || o.call == nil {
		return
	}
	needer, on := recognize.TypeKey(c.info.TypeOf(rem.Object)), recognize.TypeKey(dep)
	if needer == "" || on == "" || c.kinds.Key(needer) == c.kinds.Key(on) {
		return
	}
	c.needs = append(c.needs, need{needer: needer, on: on, at: o.call})
}

// reportOrder reports, in the deletion code of each kind A of the package,
// the removal of A's finalizer when the package shows objects of a kind B
// whose deletion needs A (B's deletion code looks A up and is stuck once it
// is gone) and A's deletion code does not wait for them: it neither lists
// the Bs and requeues while any is left, nor waits on a lookup of one.
func (c *checker) reportOrder(funcs []*deletionpath.Func) {
	if len(c.needs) == 0 {
		return
	}
	done := make(map[[2]string]bool)
	for _, f := range funcs {
		t := c.targets[f]
		if t.entry != nil || t.rem == nil || t.rem.Object == nil || t.rem.Node() == nil || !f.TestsDeletion() {
			continue
		}
		a := recognize.TypeKey(c.info.TypeOf(t.rem.Object))
		for _, n := range c.needs {
			pair := [2]string{c.kinds.Key(a), c.kinds.Key(n.needer)}
			if c.kinds.Key(n.on) != pair[0] || c.waitsOn(a, n.needer) || done[pair] {
				continue
			}
			done[pair] = true
			msg := fmt.Sprintf("%s releases %s here without waiting for the %s objects whose deletion needs it: %s being deleted looks up its %s and is stuck once the %s is gone; before removing the finalizer, list the %s objects that still refer to this %s and requeue while any is left",
				shortKind(a), c.finalizerName(t.rem), shortKind(n.needer), lint.WithArticle(shortKind(n.needer)), shortKind(a), shortKind(a), shortKind(n.needer), shortKind(a))
			lint.Report(c.pass, t.rem.Node(), categoryOrder, msg, lint.Related(n.at, shortKind(n.needer)+"'s deletion looks up the "+shortKind(a)+" here"))
		}
	}
}

// waitsOn reports whether the deletion of kind waiter waits, directly or
// through kinds that wait in turn, for the objects of kind on to be gone:
// waiting for the Cluster API Machines waits for the infrastructure
// machines they delete first. The waits are those of c.waits (by list or
// by lookup, here and in imported packages, and by contract). A partial
// wait (for the objects a listing keeps) is a wait for those objects, not
// for what they wait for in turn.
func (c *checker) waitsOn(waiter, on string) bool {
	if c.waitsFor == nil {
		c.waitsFor = make(map[string][]Wait) // by the kinds' Keys
		for w := range c.waits {
			k := c.key(w)
			k.Partial = w.Partial
			c.waitsFor[k.Waiter] = append(c.waitsFor[k.Waiter], k)
		}
	}
	waiter, on = c.kinds.Key(waiter), c.kinds.Key(on)
	seen := map[string]bool{waiter: true}
	next := []string{waiter}
	for len(next) > 0 {
		k := next[0]
		next = next[1:]
		for _, w := range c.waitsFor[k] {
			if w.On == on {
				return true
			}
			if !seen[w.On] && !w.Partial {
				seen[w.On] = true
				next = append(next, w.On)
			}
		}
	}
	return false
}
