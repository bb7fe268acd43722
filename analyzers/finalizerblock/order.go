package finalizerblock

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint/passon"
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
	fn         *types.Func   // the function that makes it
}

// recordNeed notes the needs that the lookup of o, in f, shows: of the
// kind it looks up, or of each kind when the helpers it goes through read
// a few.
func (c *checker) recordNeed(f *deletionpath.Func, o origin) {
	rem := c.removal(f)
	if rem == nil || rem.Object == nil || o.call == nil {
		return
	}
	var ons []string
	if dep := c.lookedUp(o); dep != nil && !c.readsSeveral(o) {
		ons = []string{recognize.TypeKey(dep)}
	} else {
		// What the helpers it goes through read, those of other
		// packages by their facts.
		ons = c.readKinds(o)
	}
	needer := recognize.TypeKey(c.info.TypeOf(rem.Object))
	for _, on := range ons {
		if needer == "" || on == "" || c.kinds.Key(needer) == c.kinds.Key(on) {
			continue
		}
		n := need{needer: needer, on: on, at: o.call, fn: f.Obj}
		if !slices.Contains(c.needs, n) {
			// The ways of one call (checker.ways) may read one kind.
			c.needs = append(c.needs, n)
		}
	}
}

// orderFact is the package fact that carries both ends of deletion orders
// to the packages that import it: the needs and the releases of the
// package and of the packages it imports. The first package that sees both
// ends of one order pairs them: a package importing two controllers of
// sibling packages (the main package that sets both up), or a controller
// whose package imports the other's.
type orderFact struct {
	Needs    []orderNeed
	Releases []orderRelease
}

// AFact implements analysis.Fact.
func (*orderFact) AFact() {}

// String lists, once each, what the needs' kinds need and the kinds
// released: "order(Subnet needs Network; releases Network)".
func (f *orderFact) String() string {
	var needs, rels []string
	for _, n := range f.Needs {
		needs = append(needs, n.NeederName+" needs "+n.OnName)
	}
	for _, r := range f.Releases {
		rels = append(rels, r.Name)
	}
	slices.Sort(needs)
	slices.Sort(rels)
	var parts []string
	if needs = slices.Compact(needs); len(needs) > 0 {
		parts = append(parts, strings.Join(needs, ", "))
	}
	if rels = slices.Compact(rels); len(rels) > 0 {
		parts = append(parts, "releases "+strings.Join(rels, ", "))
	}
	return "order(" + strings.Join(parts, "; ") + ")"
}

// An orderNeed is a need as a fact carries it. Kinds are as the needing
// package compares them (groupkind keys).
type orderNeed struct {
	Needer, On         string
	NeederName, OnName string
	Func, Pkg          string // the function that looks up, and its import path
	At                 string // the lookup (posn)
}

// An orderRelease is the removal of a kind's finalizer in its deletion
// code, with the kinds that deletion waits for, directly or in turn, as
// the releasing package knows them: a package that pairs it with a need
// asks no waits of its own, so that every driver pairs alike (the command
// sees the facts of indirect dependencies too, go vet those of direct
// imports only).
type orderRelease struct {
	Kind, Name string
	Finalizer  string // as a message names it
	WaitsFor   []string
	Func, Pkg  string
	Type       string // the receiver type of Func, if it is a method
	At         string // the removal (posn)
}

// Position implements passon.Item.
func (n orderNeed) Position() string { return n.At }

// Position implements passon.Item.
func (r orderRelease) Position() string { return r.At }

// A located is an end a fact carries (a need, a release, a wait) with where
// the package sees it from: node is its own node in the package, nil for
// one a fact brings; from lists the direct imports whose facts bring it.
type located[T passon.Item] struct {
	end  T
	node ast.Node
	from []string
}

// reportOrder reports, for each kind A, the removal of A's finalizer when
// the code shows objects of a kind B whose deletion needs A (B's deletion
// code looks A up and is stuck once it is gone) and A's deletion code does
// not wait for them: it neither lists the Bs and requeues while any is
// left, nor waits on a lookup of one. Both ends of the order in the
// package: the finding is on the removal. Across packages, it is in the
// first package that sees both: on its own end, or, in a package that
// imports both, where it sets up the reconciler that releases. Then it
// exports the ends it sees (see orderFact).
func (c *checker) reportOrder(funcs []*deletionpath.Func) {
	rels, needs := c.orderEnds(funcs)
	needsOf := make(map[string][]located[orderNeed]) // by the kind needed
	for _, n := range needs {
		needsOf[n.end.On] = append(needsOf[n.end.On], n)
	}
	done := make(map[[2]string]bool)
	for _, r := range rels {
		for _, n := range needsOf[r.end.Kind] {
			pair := [2]string{r.end.Kind, n.end.Needer}
			if done[pair] || slices.Contains(r.end.WaitsFor, n.end.Needer) {
				continue
			}
			if r.node == nil && n.node == nil && shareImport(r.from, n.from) {
				// Both ends meet in an import: paired there.
				continue
			}
			done[pair] = true
			c.reportOrderPair(r, n)
		}
	}
	if funcs == nil || len(rels)+len(needs) == 0 {
		// A package without deletion code of its own (a test's main,
		// a package of helpers) carries no ends on: it pairs, and an
		// importer sees the ends through the packages that have them.
		return
	}
	// An end of the package's own silenced where its code is (a
	// directive, an exclusion) is not passed on: silenced wherever a
	// pairing with it would be reported.
	fact := &orderFact{}
	for _, r := range rels {
		if c.passesOn(r.node) {
			fact.Releases = append(fact.Releases, r.end)
		}
	}
	for _, n := range needs {
		if c.passesOn(n.node) {
			fact.Needs = append(fact.Needs, n.end)
		}
	}
	if len(fact.Releases)+len(fact.Needs) > 0 {
		c.pass.ExportPackageFact(fact)
	}
}

// passesOn reports whether an end, at node in the package (nil for an
// imported one), is passed on to importers: a finding there would be shown.
func (c *checker) passesOn(node ast.Node) bool {
	return node == nil || lint.Shown(c.pass, analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Category: categoryOrder, Message: "order"})
}

// orderEnds returns the releases and needs the package sees: its own (in
// funcs and c.needs, in source order) and those its direct imports' facts
// bring (by position).
func (c *checker) orderEnds(funcs []*deletionpath.Func) (rels []located[orderRelease], needs []located[orderNeed]) {
	for _, f := range funcs {
		t := c.targets[f]
		if t.entry != nil || t.rem == nil || t.rem.Object == nil || t.rem.Node() == nil || !f.TestsDeletion() {
			continue
		}
		a := recognize.TypeKey(c.info.TypeOf(t.rem.Object))
		if a == "" {
			continue
		}
		rels = append(rels, located[orderRelease]{node: t.rem.Node(), end: orderRelease{
			Kind: c.kinds.Key(a), Name: shortKind(a), Finalizer: c.finalizerName(t.rem),
			WaitsFor: c.waitedOn(a), Func: recognize.DisplayName(f.Obj), Pkg: c.pass.Pkg.Path(), Type: recognize.ReceiverName(f.Obj),
			At: posn.String(c.pass.Fset, t.rem.Node().Pos()),
		}})
	}
	for _, n := range c.needs {
		needs = append(needs, located[orderNeed]{node: n.at, end: orderNeed{
			Needer: c.kinds.Key(n.needer), On: c.kinds.Key(n.on), NeederName: shortKind(n.needer), OnName: shortKind(n.on),
			Func: recognize.DisplayName(n.fn), Pkg: c.pass.Pkg.Path(), At: posn.String(c.pass.Fset, n.at.Pos()),
		}})
	}
	var importedRels passon.Gathered[orderRelease]
	var importedNeeds passon.Gathered[orderNeed]
	for path, f := range passon.Facts[orderFact](c.pass) {
		importedRels.Add(path, f.Releases...)
		importedNeeds.Add(path, f.Needs...)
	}
	return append(rels, imported(&importedRels)...), append(needs, imported(&importedNeeds)...)
}

// imported returns the ends the imports' facts bring, by position.
func imported[T passon.Item](g *passon.Gathered[T]) []located[T] {
	var ends []located[T]
	for _, x := range g.Sorted() {
		ends = append(ends, located[T]{end: x.Item, from: x.From})
	}
	return ends
}

// shareImport reports whether one direct import brings both ends.
func shareImport(a, b []string) bool {
	for _, p := range a {
		if slices.Contains(b, p) {
			return true
		}
	}
	return false
}

// reportOrderPair reports that release r does not wait for the objects
// whose deletion need n shows, at r's removal when it is the package's,
// else at n's lookup when that is, else where the package uses the
// package that releases.
func (c *checker) reportOrderPair(r located[orderRelease], n located[orderNeed]) {
	a, b := r.end.Name, n.end.NeederName
	fix := fmt.Sprintf("before removing the finalizer, list the %s objects that still refer to this %s and requeue while any is left", b, a)
	switch {
	case r.node != nil:
		where := ""
		if n.node == nil {
			where = " (" + n.end.Func + ", in package " + n.end.Pkg + ")"
		}
		msg := fmt.Sprintf("%s releases %s here without waiting for the %s objects whose deletion needs it: %s being deleted looks up its %s%s and is stuck once the %s is gone; %s",
			a, r.end.Finalizer, b, lint.WithArticle(b), a, where, a, fix)
		lint.Report(c.pass, r.node, categoryOrder, msg, c.orderRelated(n.node, n.end.At, b+"'s deletion looks up the "+a+" here"))
	case n.node != nil:
		msg := fmt.Sprintf("%s's deletion looks up its %s here, and the %s's deletion (%s, in package %s) releases %s without waiting for the %s objects whose deletion needs it: once the %s goes first, this %s is stuck; in the %s's deletion, %s",
			b, a, a, r.end.Func, r.end.Pkg, r.end.Finalizer, b, a, b, a, fix)
		lint.Report(c.pass, n.node, categoryOrder, msg, c.orderRelated(nil, r.end.At, a+" releases its finalizer here"))
	default:
		at := passon.Where(c.pass, r.end.Pkg, r.from, r.end.Type)
		if at == nil {
			return
		}
		msg := fmt.Sprintf("the %s's deletion (%s, in package %s) releases %s without waiting for the %s objects whose deletion needs it, and this package imports both: %s being deleted looks up its %s (%s, in package %s) and is stuck once the %s is gone; in the %s's deletion, %s",
			a, r.end.Func, r.end.Pkg, r.end.Finalizer, b, lint.WithArticle(b), a, n.end.Func, n.end.Pkg, a, a, fix)
		lint.Report(c.pass, at, categoryOrder, msg,
			c.orderRelated(nil, r.end.At, a+" releases its finalizer here"),
			c.orderRelated(nil, n.end.At, b+"'s deletion looks up the "+a+" here"))
	}
}

// orderRelated is the related position of an end: its node, or the
// position its fact carries.
func (c *checker) orderRelated(node ast.Node, at, msg string) lint.Option {
	if node != nil {
		return lint.Related(node, msg)
	}
	return passon.Related{At: at, Msg: msg}.Option(c.pass)
}

// waitsOn reports whether the deletion of kind waiter waits, directly or
// through kinds that wait in turn, for the objects of kind on to be gone
// (see waitedOn).
func (c *checker) waitsOn(waiter, on string) bool {
	return slices.Contains(c.waitedOn(waiter), c.kinds.Key(on))
}

// waitedOn returns the kinds (keys, sorted) whose objects the deletion of
// kind waiter waits for, directly or through kinds that wait in turn:
// waiting for the Cluster API Machines waits for the infrastructure
// machines they delete first. The waits are those of c.waits (by list or
// by lookup, here and in imported packages, and by contract). A partial
// wait (for the objects a listing keeps) is a wait for those objects, not
// for what they wait for in turn.
func (c *checker) waitedOn(waiter string) []string {
	if c.waitsFor == nil {
		c.waitsFor = make(map[string][]Wait) // by the kinds' Keys
		for w := range c.waits {
			k := c.key(w)
			k.Partial = w.Partial
			c.waitsFor[k.Waiter] = append(c.waitsFor[k.Waiter], k)
		}
	}
	waiter = c.kinds.Key(waiter)
	seen := map[string]bool{waiter: true}
	var out []string
	next := []string{waiter}
	for len(next) > 0 {
		k := next[0]
		next = next[1:]
		for _, w := range c.waitsFor[k] {
			if !slices.Contains(out, w.On) {
				out = append(out, w.On)
			}
			if !seen[w.On] && !w.Partial {
				seen[w.On] = true
				next = append(next, w.On)
			}
		}
	}
	slices.Sort(out)
	return out
}
