// Package passon carries a finding that a package cannot judge alone to
// the packages that import it, and reports it in the first one that can.
//
// Facts reach a package only from its imports, so two controllers in
// sibling packages, both set up by the manager's main package, never see
// each other's facts. A rule whose finding needs both (a lookup by name in
// one and the owner relation the other sets up; a deletion in one and the
// finalizer the other adds) passes the open end on in a package fact of its
// own. Each importing package gathers the ends its direct imports' facts
// bring (Facts, Gathered), judges them with what it knows, reports those it
// can where it sets up the controller concerned (Where), and passes the
// rest on, sorted (Sort).
//
// Only a package of the module being linted passes anything on (Open): a
// dependency's code is not the user's to fix. An end silenced where its
// code is (a directive, an exclusion) is not passed on (lint.Shown), so
// that it stays silenced wherever it is paired.
package passon

import (
	"cmp"
	"go/ast"
	"go/types"
	"iter"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// An Item is an end that a fact carries, known by its position (as
// posn.String writes it): the same end brought by two imports is one.
type Item interface{ Position() string }

// A Carried is an item that a package sees through its imports' facts.
type Carried[T Item] struct {
	Item T
	From []string // the direct imports whose facts bring it, in import order
}

// A Gathered holds the items the facts of a package's direct imports bring,
// each once. The zero value is ready to use.
type Gathered[T Item] struct {
	items []Carried[T]
	at    map[string]int // index in items, by position
}

// Add records items as brought by the fact of the direct import path.
func (g *Gathered[T]) Add(path string, items ...T) {
	if g.at == nil {
		g.at = make(map[string]int)
	}
	for _, x := range items {
		if i, ok := g.at[x.Position()]; ok {
			g.items[i].From = append(g.items[i].From, path)
			continue
		}
		g.at[x.Position()] = len(g.items)
		g.items = append(g.items, Carried[T]{Item: x, From: []string{path}})
	}
}

// Sorted returns the items by position, so that findings do not depend on
// the order of imports.
func (g *Gathered[T]) Sorted() []Carried[T] {
	out := slices.Clone(g.items)
	slices.SortFunc(out, func(a, b Carried[T]) int { return cmp.Compare(a.Item.Position(), b.Item.Position()) })
	return out
}

// Facts yields, for each direct import of the package that has a package
// fact of type F, its import path and the fact, in import order.
func Facts[F any, PF interface {
	*F
	analysis.Fact
}](pass *analysis.Pass) iter.Seq2[string, PF] {
	return func(yield func(string, PF) bool) {
		for _, p := range pass.Pkg.Imports() {
			f := PF(new(F))
			if pass.ImportPackageFact(p, f) && !yield(p.Path(), f) {
				return
			}
		}
	}
}

// Sort sorts the items a fact passes on by position: a fact's encoding is
// then the same whatever the order the package found them in.
func Sort[T Item](items []T) {
	slices.SortFunc(items, func(a, b T) int { return cmp.Compare(a.Position(), b.Position()) })
}

// Open reports whether the package passes on what it cannot judge: only a
// package of the module being linted does.
func Open(pass *analysis.Pass) bool { return recognize.MainModule(pass.Module) }

// Where returns where the package reports an item of the function of
// package pkg (a method of pkg's type typ, when typ is not "") that its
// direct imports from bring: where it sets that controller up, its first
// reference to typ, else its first reference to anything of pkg or from;
// outside its test files, since a test that sets controllers up is not
// where they run. The type is known by its package and name: another
// package's type of the same name (each controller a Reconciler in its own
// package) is another controller. It is nil when only tests refer to them:
// an importer may report the item.
func Where(pass *analysis.Pass, pkg string, from []string, typ string) ast.Node {
	paths := append([]string{pkg}, from...)
	var first, ofType ast.Node
	for _, file := range pass.Files {
		if ofType != nil {
			break
		}
		if recognize.InTestFile(pass.Fset, file.Pos()) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || ofType != nil {
				return ofType == nil
			}
			obj := pass.TypesInfo.Uses[sel.Sel]
			if _, isPkg := pass.TypesInfo.Uses[recognize.NameOf(sel.X)].(*types.PkgName); !isPkg || obj == nil || obj.Pkg() == nil || !slices.Contains(paths, obj.Pkg().Path()) {
				return true
			}
			if first == nil {
				first = sel
			}
			if _, isType := obj.(*types.TypeName); isType && typ != "" && obj.Name() == typ && obj.Pkg().Path() == pkg {
				ofType = sel
			}
			return false
		})
	}
	if ofType != nil {
		return ofType
	}
	return first
}

// Related is a related position that a fact carries, as text.
type Related struct{ At, Msg string }

// Option is r as a related position of a finding reported in pass.
func (r Related) Option(pass *analysis.Pass) lint.Option {
	return lint.RelatedPos(posn.Pos(pass.Fset, r.At), r.Msg)
}
