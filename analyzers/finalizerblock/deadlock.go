package finalizerblock

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/waits"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint/passon"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// packageWaits is the package fact of the waits of deletion code that a
// package shows: its own and those its direct imports' facts bring, each
// with where it is. The first package that sees both halves of a circular
// wait pairs them (see reportDeadlocks): a controller whose package imports
// the other's, or a package that imports two sibling controllers' packages
// and sets them up. The waits that are not Deleting also tell the deletion
// order (order.go) what each kind's deletion waits for.
type packageWaits struct {
	List []waitHalf
}

// AFact implements analysis.Fact.
func (*packageWaits) AFact() {}

// String lists the waits, once each: "waits(Cluster waits for Machine,
// Pool waits for some Node, Book waits while deleting Shelf)".
func (w *packageWaits) String() string {
	var parts []string
	for _, h := range w.List {
		verb := " waits for "
		switch {
		case h.Deleting:
			verb = " waits while deleting "
		case h.Partial:
			verb = " waits for some "
		}
		parts = append(parts, h.Waiter+verb+h.On)
	}
	slices.Sort(parts)
	return "waits(" + strings.Join(slices.Compact(parts), ", ") + ")"
}

// A waitHalf is a wait as a fact carries it: Wait's kinds are type keys,
// WaiterKey and OnKey the kinds as the waiting package compares them
// (groupkind keys), so that a package that pairs two halves needs to know
// neither kind.
type waitHalf struct {
	Wait
	WaiterKey, OnKey string
	// Deleting says that the wait holds only while the other object is
	// being deleted (waitsWhileDeleting): half of a deadlock, not a wait
	// that keeps Waiter from being gone before On.
	Deleting bool
	// Lookup says that it waits on a lookup (findWaits,
	// waitsWhileDeleting), where a finding can say what to change; a wait
	// on a listing or a presence test is only ever the other half.
	Lookup bool
	// Linted says that the wait is in a package of the module being
	// linted (passon.Open): a circular wait between two of a dependency's
	// packages is not the user's to fix, wherever it is paired.
	Linted    bool
	Func, Pkg string
	Type      string // the receiver type of Func, if it is a method
	At        string // the return or the condition that waits (posn); "" for a wait by contract
}

// Position implements passon.Item: where the wait is, with its kinds (one
// condition may wait for several); a wait by contract, which has no
// position, sorts last.
func (h waitHalf) Position() string {
	at := h.At
	if at == "" {
		at = "~"
	}
	return at + " " + h.Waiter + " " + h.On
}

// localWait is a wait found in this package's function fn, with where it
// happens.
type localWait struct {
	Wait
	at       ast.Node
	fn       *types.Func
	deleting bool // found by waitsWhileDeleting
}

// reportDeadlocks pairs the waits the package sees (its own: those on a
// lookup, found and whileDeleting, and those on a listing or a presence
// test, of package waits; and those its direct imports' facts bring) into
// circular waits, and reports each: at each of its own waits on a lookup;
// else at its own wait on a listing, when the other half is an imported
// wait on a lookup; else, when both halves are imported and no one import
// brings both (where they were paired), where the package sets up the
// controller of the half on a lookup, when that half is the linted
// module's. A pair of two waits on listings is
// not reported: neither says what to change. Then it exports the waits it
// sees (see packageWaits).
func (c *checker) reportDeadlocks(found, whileDeleting []localWait, wr *waits.Result) {
	halves := c.ownHalves(found, whileDeleting, wr)
	var gathered passon.Gathered[waitHalf]
	for path, f := range passon.Facts[packageWaits](c.pass) {
		gathered.Add(path, f.List...)
	}
	halves = append(halves, imported(&gathered)...)
	byKinds := make(map[[2]string][]located[waitHalf])
	for _, h := range halves {
		k := [2]string{h.end.WaiterKey, h.end.OnKey}
		byKinds[k] = append(byKinds[k], h)
	}
	done := make(map[[2]string]bool) // kind pairs reported on an imported half
	for _, h := range halves {
		mates := byKinds[[2]string{h.end.OnKey, h.end.WaiterKey}]
		if len(mates) == 0 {
			continue
		}
		switch {
		case h.node != nil && h.end.Lookup:
			c.reportHalf(h, mates[0])
		case h.node != nil:
			// A wait on a listing: reported when no wait of the
			// package's on a lookup makes the same pair, and an
			// imported one does.
			if !slices.ContainsFunc(byKinds[[2]string{h.end.WaiterKey, h.end.OnKey}], isOwnLookup) {
				if i := slices.IndexFunc(mates, func(m located[waitHalf]) bool { return m.node == nil && m.end.Lookup }); i >= 0 {
					c.reportHalf(h, mates[i])
				}
			}
		case h.end.Lookup && h.end.Linted:
			pair := [2]string{min(h.end.WaiterKey, h.end.OnKey), max(h.end.WaiterKey, h.end.OnKey)}
			if done[pair] || slices.ContainsFunc(halves, func(o located[waitHalf]) bool {
				return o.node != nil && (o.end.WaiterKey == pair[0] || o.end.WaiterKey == pair[1]) && (o.end.OnKey == pair[0] || o.end.OnKey == pair[1])
			}) {
				continue
			}
			i := slices.IndexFunc(mates, func(m located[waitHalf]) bool { return !shareImport(h.from, m.from) })
			if i < 0 {
				continue // both halves meet in an import: paired there
			}
			done[pair] = true
			c.reportImportedPair(h, mates[i])
		}
	}
	c.exportWaits(halves)
}

// isOwnLookup reports whether h is the package's own wait on a lookup.
func isOwnLookup(h located[waitHalf]) bool { return h.node != nil && h.end.Lookup }

// ownHalves returns the package's own waits as halves, in source order:
// found and whileDeleting, then those of package waits (with the site of
// each, when it has one).
func (c *checker) ownHalves(found, whileDeleting []localWait, wr *waits.Result) []located[waitHalf] {
	var out []located[waitHalf]
	add := func(w Wait, node ast.Node, fn *types.Func, deleting, lookup bool) {
		h := waitHalf{Wait: w, WaiterKey: c.kinds.Key(w.Waiter), OnKey: c.kinds.Key(w.On), Deleting: deleting, Lookup: lookup, Linted: passon.Open(c.pass)}
		if fn != nil {
			h.Func, h.Pkg, h.Type = recognize.DisplayName(fn), c.pass.Pkg.Path(), recognize.ReceiverName(fn)
		}
		if node != nil {
			h.At = posn.String(c.pass.Fset, node.Pos())
		}
		out = append(out, located[waitHalf]{end: h, node: node})
	}
	lookups := append(slices.Clip(found), whileDeleting...)
	slices.SortStableFunc(lookups, func(a, b localWait) int { return cmp.Compare(a.at.Pos(), b.at.Pos()) })
	for _, w := range lookups {
		add(w.Wait, w.at, w.fn, w.deleting, true)
	}
	for _, w := range wr.Local() {
		if s, ok := wr.At(w); ok {
			add(w, s.Node, s.Func, false, false)
		} else {
			add(w, nil, nil, false, false)
		}
	}
	return out
}

// reportHalf reports the package's own wait h, half of a circular wait
// whose other half is m.
func (c *checker) reportHalf(h, m located[waitHalf]) {
	if c.reported[h.node] {
		return
	}
	c.reported[h.node] = true
	waiter, on := shortKind(h.end.Waiter), shortKind(h.end.On)
	in := ""
	if m.node == nil && m.end.Pkg != "" && m.end.Pkg != c.pass.Pkg.Path() {
		in = " (in package " + m.end.Pkg + ")"
	}
	msg := fmt.Sprintf("%s keeps its finalizer here until the %s is gone, while the deletion code of %s%s keeps its finalizer until the %s is gone: neither is ever removed; %s", waiter, on, on, in, waiter, deadlockFix)
	lint.Report(c.pass, h.node, categoryDeadlock, msg, c.orderRelated(m.node, m.end.At, on+" waits for "+waiter+" here"))
}

// reportImportedPair reports a circular wait whose halves, h on a lookup
// and m, both come from imported packages that do not import each other,
// where the package sets up h's controller.
func (c *checker) reportImportedPair(h, m located[waitHalf]) {
	at := passon.Where(c.pass, h.end.Pkg, h.from, h.end.Type)
	if at == nil {
		return
	}
	waiter, on := shortKind(h.end.Waiter), shortKind(h.end.On)
	msg := fmt.Sprintf("the deletion code of %s (%s, in package %s) keeps its finalizer until the %s is gone, while the deletion code of %s (%s) keeps its finalizer until the %s is gone, and this package imports both: neither is ever removed; %s",
		waiter, h.end.Func, h.end.Pkg, on, on, whereFunc(m.end), waiter, deadlockFix)
	lint.Report(c.pass, at, categoryDeadlock, msg,
		c.orderRelated(nil, h.end.At, waiter+" waits for "+on+" here"),
		c.orderRelated(nil, m.end.At, on+" waits for "+waiter+" here"))
}

// deadlockFix is the advice of a deadlock finding.
const deadlockFix = "remove the child's finalizer once its owner is being deleted instead of waiting for the owner to be gone"

// whereFunc names the function of a half and its package: "Reconciler.reconcileDelete,
// in package example.com/op/pool", or "in package example.com/op/pool".
func whereFunc(h waitHalf) string {
	if h.Func == "" {
		return "in package " + h.Pkg
	}
	return h.Func + ", in package " + h.Pkg
}

// exportWaits exports the waits the package sees: its own, but those
// silenced where they are (a directive, an exclusion), and those its
// imports bring, by position.
func (c *checker) exportWaits(halves []located[waitHalf]) {
	var list []waitHalf
	for _, h := range halves {
		if h.node == nil || lint.Shown(c.pass, analysis.Diagnostic{Pos: h.node.Pos(), End: h.node.End(), Category: categoryDeadlock, Message: "deadlock"}) {
			list = append(list, h.end)
		}
	}
	if len(list) == 0 {
		return
	}
	passon.Sort(list)
	list = slices.CompactFunc(list, func(a, b waitHalf) bool { return a.Position() == b.Position() })
	c.pass.ExportPackageFact(&packageWaits{List: list})
}
