package ownerbyref

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint/passon"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// byNameFact is the package fact that carries to importing packages what
// a package cannot judge alone: the lookups by name of kinds not known
// there to own the reconciled kind, and the owner pairs that it and its
// imports establish. Facts reach a package only from its imports, so a
// controller whose owner's controller is in a sibling package (both set up
// by the main package) does not know its owner; the first package that
// sees both ends reports the lookup, where it sets up the looking-up
// controller.
type byNameFact struct {
	Lookups []byNameLookup
	// Pairs and Named are owner>child pairs of kind keys (groupkind),
	// as ownersFact's are of types.
	Pairs, Named []string
}

// AFact implements analysis.Fact.
func (*byNameFact) AFact() {}

// String lists the lookups passed on and the number of pairs:
// "byName(Child gets Parent; 2 pairs)".
func (f *byNameFact) String() string {
	var parts []string
	for _, l := range f.Lookups {
		parts = append(parts, l.ChildName+" gets "+l.OwnerName)
	}
	slices.Sort(parts)
	parts = slices.Compact(parts)
	return fmt.Sprintf("byName(%s; %d pairs)", strings.Join(parts, ", "), len(f.Pairs))
}

// A byNameLookup is a lookup by name that would be reported if the kind
// looked up owned the reconciled kind.
type byNameLookup struct {
	Child, Owner         string // kind keys (groupkind)
	ChildName, OwnerName string // as messages name them
	Source               int8   // the source of the name
	What, Category, Fix  string // as the finding says them
	Func, Pkg, Type      string // the function, its package, the reconciler type
	At                   string // the lookup (posn)
}

// Position implements passon.Item.
func (l byNameLookup) Position() string { return l.At }

// pend keeps l for the packages that import this one, when the package
// is the main module's: a dependency's lookup is not the user's to fix.
func (c *checker) pend(l byNameLookup) {
	if passon.Open(c.pass) {
		c.pending = append(c.pending, l)
	}
}

// importSiblings adds to the package's owner pairs those that its direct
// imports' facts carry, and returns the lookups those facts pass on.
func (c *checker) importSiblings() []passon.Carried[byNameLookup] {
	var lookups passon.Gathered[byNameLookup]
	for path, f := range passon.Facts[byNameFact](c.pass) {
		for _, pair := range f.Pairs {
			c.addKeyPair(c.owners, pair)
			c.carried = append(c.carried, pair)
		}
		for _, pair := range f.Named {
			c.addKeyPair(c.named, pair)
			c.carriedNamed = append(c.carriedNamed, pair)
		}
		lookups.Add(path, f.Lookups...)
	}
	return lookups.Sorted()
}

// addKeyPair records the owner>child pair of kind keys p in m.
func (c *checker) addKeyPair(m map[string]map[string]bool, p string) {
	owner, child, ok := strings.Cut(p, ">")
	if !ok {
		return
	}
	if m[child] == nil {
		m[child] = make(map[string]bool)
	}
	m[child][owner] = true
}

// reportSiblings reports each imported lookup whose kind the package knows
// to own the looking-up kind (as owns would), where the package sets up
// that controller, and exports what is still open: the lookups it cannot
// judge either, its own included, and every owner pair it knows of.
func (c *checker) reportSiblings(lookups []passon.Carried[byNameLookup], own map[string]bool, ownNamed map[string]bool) {
	open := slices.Clone(c.pending)
	for _, imp := range lookups {
		l := imp.Item
		switch c.judge(l) {
		case notOwner:
			continue
		case unknownOwner:
			open = append(open, l)
			continue
		}
		at := passon.Where(c.pass, l.Pkg, imp.From, l.Type)
		if at == nil {
			open = append(open, l) // set up only in tests: an importer may
			continue
		}
		msg := fmt.Sprintf("%s of the owning %s by a name taken from %s, in %s (package %s): this package also sets up the controller that makes the %s the %s's owner, "+
			"so an owner with another name is never found and its deletion is never seen, and the %s and what it manages leak; find the owner through the owner references with %s",
			l.What, l.OwnerName, source(l.Source), l.Func, l.Pkg, l.OwnerName, l.ChildName, l.ChildName, l.Fix)
		lint.Report(c.pass, at, l.Category, msg, lint.RelatedPos(posn.Pos(c.pass.Fset, l.At), "the "+l.What+" of the "+l.OwnerName+" by name"))
	}
	pairs := slices.Concat(slices.Sorted(maps.Keys(own)), c.carried)
	named := slices.Concat(slices.Sorted(maps.Keys(ownNamed)), c.carriedNamed)
	slices.Sort(pairs)
	slices.Sort(named)
	fact := &byNameFact{Lookups: open, Pairs: slices.Compact(pairs), Named: slices.Compact(named)}
	if len(fact.Lookups)+len(fact.Pairs) > 0 {
		passon.Sort(fact.Lookups)
		c.pass.ExportPackageFact(fact)
	}
}

// judge says whether the lookup l of another package is of an owner, by
// the pairs the package knows, as owns does for its own lookups.
func (c *checker) judge(l byNameLookup) relation {
	switch {
	case c.owners[l.Owner][l.Child]:
		return notOwner // the looked-up kind is a child of the looking-up one
	case c.owners[l.Child][l.Owner] && c.owners[l.Child][l.Child]:
		return notOwner // nested: see owns
	case source(l.Source) == fromName && c.named[l.Child][l.Owner]:
		return notOwner // the owner names the object after itself
	case c.owners[l.Child][l.Owner]:
		return owner
	}
	return unknownOwner
}

// shortName is the name of t's type without its package: a message in
// another package's file cannot use the import names of the file t's
// package is imported in.
func shortName(t types.Type) string {
	if n := recognize.Named(recognize.Unpointer(t)); n != nil {
		return n.Obj().Name()
	}
	return recognize.TypeName(t)
}
