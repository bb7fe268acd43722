package foregrounddeletion

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint/passon"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// moduleFact is the package fact that carries to importing packages what a
// package cannot judge alone: whether any code of the module gives a kind
// of the project's own a finalizer. An accepted Delete of an object with no
// finalizer completes at once, so a deletion that observes the Delete's
// failure leaves something behind only when the dependent's kind has a
// finalizer; for another project's kind that is up to its controller (the
// "unobserved-foreign-kind" category), but for the project's own kind it is
// up to the project's code, which may be in a sibling package that the
// deleting one does not import. Such a deletion is passed on, and the first
// package that sees both it and an add of a finalizer to its kind (the
// manager's main, which sets up every controller) reports it where it sets
// up the deleting controller.
type moduleFact struct {
	// Finalized are the kinds (groupkind keys) that the package and its
	// imports add a finalizer to, with where, sorted by kind.
	Finalized []finalizedKind
	Pending   []pendingDelete
}

// AFact implements analysis.Fact.
func (*moduleFact) AFact() {}

// String lists the pending deletions' dependents and the kinds finalized:
// "module(deletes Report; finalizes Shelf,Volume)".
func (f *moduleFact) String() string {
	var deletes, finalizes []string
	for _, p := range f.Pending {
		deletes = append(deletes, p.Dep)
	}
	for _, k := range f.Finalized {
		finalizes = append(finalizes, k.Name)
	}
	slices.Sort(deletes)
	var parts []string
	if len(deletes) > 0 {
		parts = append(parts, "deletes "+strings.Join(slices.Compact(deletes), ","))
	}
	if len(finalizes) > 0 {
		parts = append(parts, "finalizes "+strings.Join(finalizes, ","))
	}
	return "module(" + strings.Join(parts, "; ") + ")"
}

// A finalizedKind is a kind that code of the module adds a finalizer to.
type finalizedKind struct {
	Kind, Name string // the groupkind key, and the kind's name in messages
	By, Pkg    string // the function that adds it, and its package
}

// A pendingDelete is a finding of an observed Delete of the project's own
// kinds, none of which code in scope gives a finalizer.
type pendingDelete struct {
	Kinds         []string // groupkind keys
	Deps          []string // the same kinds, as children.Kind keys
	Self          string   // the deleting object's kind (children.Kind key)
	Dep           string   // the dependent, as the message names it
	Msg, Category string
	Func, Pkg     string           // the deleting function and its package
	Type          string           // the deleting function's receiver type, or ""
	At            string           // the call that deletes (posn)
	Related       []passon.Related // the first is At
}

// Position implements passon.Item.
func (d pendingDelete) Position() string { return d.At }

// module is what a package knows of its module's finalizers.
type module struct {
	finalized map[string]finalizedKind // by groupkind key
	pending   []pendingDelete          // the package's own
	imported  passon.Gathered[pendingDelete]
}

// loadModule reads the facts of the package's direct imports and adds the
// kinds the package itself finalizes.
func (c *checker) loadModule() {
	m := &module{finalized: make(map[string]finalizedKind)}
	c.module = m
	for path, f := range passon.Facts[moduleFact](c.pass) {
		for _, k := range f.Finalized {
			if _, ok := m.finalized[k.Kind]; !ok {
				m.finalized[k.Kind] = k
			}
		}
		m.imported.Add(path, f.Pending...)
	}
	if !passon.Open(c.pass) {
		return // a dependency's finalizers are not of the project's kinds
	}
	gk := groupkind.Of(c.pass)
	own := c.code.FinalizedKinds()
	c.loadFinalized()
	for k := range c.finalized {
		if _, ok := own[k]; !ok {
			own[k] = nil
		}
	}
	project := recognize.Project(c.pass.Pkg.Path())
	for _, k := range slices.Sorted(maps.Keys(own)) {
		key := gk.Key(k)
		if _, ok := m.finalized[key]; ok || !ownKind(k, project) {
			continue
		}
		by := ""
		if fn := own[k]; fn != nil {
			by = recognize.DisplayName(fn)
		}
		_, name := objkind.Split(k)
		m.finalized[key] = finalizedKind{Kind: key, Name: name, By: by, Pkg: c.pass.Pkg.Path()}
	}
}

// ownUnfinalized reports whether every kind of kinds (children.Kind keys;
// at least one) is one of the project's own that no code in scope, the
// package's or its imports', gives a finalizer: whether its deletion can be
// blocked is known only where the whole module is.
func (c *checker) ownUnfinalized(kinds []string) bool {
	if len(kinds) == 0 || !passon.Open(c.pass) {
		return false
	}
	gk := groupkind.Of(c.pass)
	project := recognize.Project(c.pass.Pkg.Path())
	for _, k := range kinds {
		if !ownKind(k, project) {
			return false
		}
		if _, ok := c.module.finalized[gk.Key(k)]; ok {
			return false
		}
	}
	return true
}

// ownKind reports whether kind (a children.Kind key) is one of project's
// own, declared in one of its packages.
func ownKind(kind, project string) bool {
	path, _ := objkind.Split(kind)
	return path != "" && recognize.Project(path) == project
}

// pend keeps the finding d for the packages that import this one.
func (c *checker) pend(d analysis.Diagnostic, kinds []string, self, dep, typ, fn string) {
	gk := groupkind.Of(c.pass)
	p := pendingDelete{Deps: kinds, Self: self, Dep: dep, Msg: d.Message, Category: d.Category, Func: fn, Pkg: c.pass.Pkg.Path(), Type: typ, At: posn.String(c.pass.Fset, d.Pos)}
	for _, k := range kinds {
		p.Kinds = append(p.Kinds, gk.Key(k))
	}
	for _, r := range d.Related {
		p.Related = append(p.Related, passon.Related{At: posn.String(c.pass.Fset, r.Pos), Msg: r.Message})
	}
	c.module.pending = append(c.module.pending, p)
}

// reportModule reports each imported deletion of a kind that the package
// now knows code of the module gives a finalizer, where it sets up the
// deleting controller, and exports what it knows: the kinds finalized and
// the deletions still open.
func (c *checker) reportModule() {
	m := c.module
	open := slices.Clone(m.pending)
	for _, imp := range m.imported.Sorted() {
		d := imp.Item
		if d.Self != "" && !slices.ContainsFunc(d.Deps, func(k string) bool { return !c.kids.Owns(k, d.Self) }) {
			continue // the deleting object's owners, known here: no dependents (see ownerOf)
		}
		var by finalizedKind
		found := false
		for _, k := range d.Kinds {
			if by, found = m.finalized[k]; found {
				break
			}
		}
		if !found {
			open = append(open, d)
			continue
		}
		at := passon.Where(c.pass, d.Pkg, imp.From, d.Type)
		if at == nil {
			open = append(open, d) // set up only in tests: an importer may
			continue
		}
		adder := "code of package " + by.Pkg
		if by.By != "" {
			adder = fmt.Sprintf("%s (package %s)", by.By, by.Pkg)
		}
		msg := fmt.Sprintf("in %s (package %s), %s; the %s's finalizer is added by %s, which this package also sets up", d.Func, d.Pkg, d.Msg, by.Name, adder)
		var opts []lint.Option
		for _, r := range d.Related {
			opts = append(opts, r.Option(c.pass))
		}
		lint.Report(c.pass, at, d.Category, msg, opts...)
	}
	if !passon.Open(c.pass) {
		return
	}
	fact := &moduleFact{Finalized: slices.Collect(maps.Values(m.finalized)), Pending: open}
	if len(fact.Finalized)+len(fact.Pending) == 0 {
		return
	}
	slices.SortFunc(fact.Finalized, func(a, b finalizedKind) int { return cmp.Compare(a.Kind, b.Kind) })
	passon.Sort(fact.Pending)
	c.pass.ExportPackageFact(fact)
}
