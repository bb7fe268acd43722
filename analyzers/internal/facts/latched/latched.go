// Package latched finds the bool status fields that an operator sets to
// true and never back: once a Widget's Status.Ready is true it stays true,
// so a wait for it that comes before a finalizer is added cannot hold that
// finalizer later.
//
// A field is named by the struct type it is declared in and its name
// ("example.com/api/v1.WidgetStatus.Ready"). Each package records the
// fields its code (not its tests' fixtures) sets to true and those it
// gives any other value (a constant false, a variable, a whole struct
// assigned or not spelt out in a literal, its address taken); its package
// fact carries those of the packages it imports too, so a package knows
// the writes of everything it is built on. A field set to true somewhere
// and reset nowhere in sight is latched; one nobody in sight sets (another
// controller's) is not.
package latched

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Analyzer exports a writesFact for each package that writes bool fields,
// and returns a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "latched",
	Doc:        "find the bool status fields an operator sets to true and never back (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspection.Analyzer},
	FactTypes:  []analysis.Fact{new(writesFact)},
	ResultType: reflect.TypeFor[*Result](),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

// writesFact lists the bool fields a package and the packages it imports
// set to true (Set) and give another value (Reset), sorted.
type writesFact struct {
	Set, Reset []string
}

// AFact implements analysis.Fact.
func (*writesFact) AFact() {}

func (f *writesFact) String() string {
	return fmt.Sprintf("writes(set %s; reset %s)", strings.Join(f.Set, ", "), strings.Join(f.Reset, ", "))
}

// Result answers for the rules of one package.
type Result struct {
	set, reset map[string]bool
}

// Latched reports whether sel selects a bool field (x.Status.Ready) that
// the package or a package it imports sets to true, and that none of them
// sets to anything else.
func (r *Result) Latched(info *types.Info, sel *ast.SelectorExpr) bool {
	if r == nil {
		return false
	}
	k := fieldKey(info, sel)
	return k != "" && r.set[k] && !r.reset[k]
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{set: make(map[string]bool), reset: make(map[string]bool)}
	for _, imp := range pass.Pkg.Imports() {
		var f writesFact
		if pass.ImportPackageFact(imp, &f) {
			for _, k := range f.Set {
				r.set[k] = true
			}
			for _, k := range f.Reset {
				r.reset[k] = true
			}
		}
	}
	if p := inspection.Of(pass); p != nil {
		own := &writes{info: pass.TypesInfo, r: r}
		for c := range p.Root().Preorder((*ast.AssignStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.CompositeLit)(nil)) {
			// Test fixtures build objects in some state; they are not
			// the controller's writes.
			if !recognize.InTestFile(pass.Fset, c.Node().Pos()) {
				own.node(c.Node())
			}
		}
	}
	if len(r.set)+len(r.reset) > 0 {
		pass.ExportPackageFact(&writesFact{Set: slices.Sorted(maps.Keys(r.set)), Reset: slices.Sorted(maps.Keys(r.reset))})
	}
	return r, nil
}

// writes records the bool field writes of one package.
type writes struct {
	info *types.Info
	r    *Result
}

func (w *writes) node(n ast.Node) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok != token.ASSIGN && n.Tok != token.DEFINE || len(n.Lhs) != len(n.Rhs) {
			for _, lhs := range n.Lhs {
				w.assign(lhs, nil)
			}
			return
		}
		for i, lhs := range n.Lhs {
			w.assign(lhs, n.Rhs[i])
		}
	case *ast.UnaryExpr:
		// &x.Status.Ready: written through the pointer, with anything.
		if sel, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok && n.Op == token.AND {
			w.record(fieldKey(w.info, sel), false)
		}
	case *ast.CompositeLit:
		// WidgetStatus{Ready: false} made anywhere may be assigned whole.
		if t := w.info.TypeOf(n); t != nil {
			if st, ok := t.Underlying().(*types.Struct); ok {
				w.literal(t, st, n)
			}
		}
	}
}

// assign records lhs = rhs (rhs nil: a value not known).
func (w *writes) assign(lhs, rhs ast.Expr) {
	sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
	if !ok {
		return
	}
	if k := fieldKey(w.info, sel); k != "" {
		w.record(k, rhs != nil && isTrue(w.info, rhs))
		return
	}
	// x.Status = ...: every bool field of the struct gets what the value
	// holds, spelt out only by a literal (see literal).
	t := w.info.TypeOf(sel)
	if t == nil {
		return // not type-checked
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	if lit, ok := ast.Unparen(rhs).(*ast.CompositeLit); ok && rhs != nil {
		w.literal(t, st, lit)
		return
	}
	for f := range boolFields(t, st) {
		w.record(f, false)
	}
}

// literal records the bool fields of a literal of struct type t: true
// where it says true, reset where it says anything else or nothing.
func (w *writes) literal(t types.Type, st *types.Struct, lit *ast.CompositeLit) {
	given := make(map[string]ast.Expr)
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				given[id.Name] = kv.Value
			}
		} else if i < st.NumFields() {
			given[st.Field(i).Name()] = elt
		}
	}
	for k, name := range boolFields(t, st) {
		v, ok := given[name]
		w.record(k, ok && isTrue(w.info, v))
	}
}

func (w *writes) record(key string, toTrue bool) {
	if key == "" {
		return
	}
	if toTrue {
		w.r.set[key] = true
	} else {
		w.r.reset[key] = true
	}
}

// boolFields yields the key and name of each bool field declared in st,
// the underlying struct of the named type t.
func boolFields(t types.Type, st *types.Struct) func(func(string, string) bool) {
	return func(yield func(string, string) bool) {
		named, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if isBool(f.Type()) && !yield(typeKey(named)+"."+f.Name(), f.Name()) {
				return
			}
		}
	}
}

// fieldKey returns the key of the bool field sel selects, or "".
func fieldKey(info *types.Info, sel *ast.SelectorExpr) string {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || !isBool(s.Obj().Type()) {
		return ""
	}
	named, ok := types.Unalias(recognize.Unpointer(info.TypeOf(sel.X))).(*types.Named)
	if !ok || len(s.Index()) != 1 {
		return "" // a promoted field: keyed by the struct that declares it
	}
	return typeKey(named) + "." + sel.Sel.Name
}

func typeKey(named *types.Named) string {
	obj := named.Origin().Obj()
	if obj.Pkg() == nil {
		return obj.Name()
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func isTrue(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}
